package dev.assay.cli.report;

/** Escaping for XML 1.0 text and attribute values (junit.xml). */
final class Xml {

    private Xml() {
    }

    /**
     * Escapes markup characters and makes the text legal XML 1.0: control characters other than
     * tab and line breaks, unpaired surrogates and U+FFFE/U+FFFF cannot appear in an XML document at
     * all, not even as character references, so they are written as a visible {@code \\uXXXX}
     * instead of breaking the parser of whatever CI reads the file. Line breaks are kept as
     * character references so they survive in attribute values.
     */
    static String escape(String text) {
        if (text == null) {
            return "";
        }
        StringBuilder out = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&apos;");
                case '\n' -> out.append("&#10;");
                case '\r' -> out.append("&#13;");
                case '\t' -> out.append("&#9;");
                default -> {
                    if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                        out.append(c).append(text.charAt(++i));
                    } else if (c < 0x20 || Character.isSurrogate(c) || c == 0xFFFE || c == 0xFFFF) {
                        out.append(String.format("\\u%04X", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.toString();
    }
}
