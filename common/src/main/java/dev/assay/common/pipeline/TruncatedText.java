package dev.assay.common.pipeline;

/**
 * A text cut short so that its record fits the Kafka record limit (docs/messaging.md, "Record sizes"): the
 * kept beginning, then a marker saying how much there was. A result that carries such a text says so in
 * its caveats.
 */
public final class TruncatedText {

    /** How every cut text's marker begins. */
    public static final String MARKER = "[... truncated by Assay: ";

    private TruncatedText() {
    }

    /** The first {@code keep} characters of {@code text} (never half a surrogate pair) and the marker. */
    public static String cut(String text, int keep, int limitBytes) {
        if (keep < 0 || keep >= text.length()) {
            throw new IllegalArgumentException("a cut keeps between 0 and " + (text.length() - 1) + " characters, not " + keep);
        }
        int end = keep > 0 && Character.isHighSurrogate(text.charAt(keep - 1)) ? keep - 1 : keep;
        return text.substring(0, end) + "\n" + MARKER + text.length() + " characters, the first " + end
                + " kept, to fit the record limit of " + limitBytes + " bytes]";
    }

    /** Whether {@code text} was cut by {@link #cut}. */
    public static boolean isCut(String text) {
        return text != null && text.contains(MARKER);
    }
}
