package dev.assay.cli.report;

/** HTML escaping for report.html: everything a model, judge or benchmark author wrote goes through here. */
final class Html {

    private Html() {
    }

    /** Escapes text for element content and quoted attribute values alike. */
    static String escape(String text) {
        if (text == null) {
            return "";
        }
        int first = 0;
        while (first < text.length() && !special(text.charAt(first))) {
            first++;
        }
        if (first == text.length()) {
            return text; // most texts of a report have nothing to escape: no copy
        }
        StringBuilder out = new StringBuilder(text.length() + 16).append(text, 0, first);
        for (int i = first; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }

    private static boolean special(char c) {
        return c == '&' || c == '<' || c == '>' || c == '"' || c == '\'';
    }
}
