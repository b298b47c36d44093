package dev.assay.common.text;

/**
 * How much of an excerpt a judge quoted is really in the text it quoted from: the longest common
 * substring of the two, over the excerpt's length, with runs of whitespace taken as one space
 * (Karenina's check). 1.0 is a verbatim quote; a paraphrase or an invented quote scores low.
 */
public final class ExcerptMatch {

    private ExcerptMatch() {
    }

    /** The similarity of {@code excerpt} to its best match in {@code text}, from 0 to 1; 0 when either is blank. */
    public static double similarity(String excerpt, String text) {
        String quote = normalize(excerpt);
        String source = normalize(text);
        if (quote.isEmpty() || source.isEmpty()) {
            return 0.0;
        }
        return (double) longestCommonSubstring(quote, source) / quote.length();
    }

    /** Whether {@code excerpt} counts as quoted from {@code text} at {@code threshold}. */
    public static boolean matches(String excerpt, String text, double threshold) {
        return similarity(excerpt, text) >= threshold;
    }

    static String normalize(String text) {
        return text == null ? "" : text.strip().replaceAll("\\s+", " ");
    }

    /** Dynamic programming over one row: O(|a|·|b|) time, O(|b|) memory; excerpts are short. */
    private static int longestCommonSubstring(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        int best = 0;
        for (int i = 1; i <= a.length(); i++) {
            char c = a.charAt(i - 1);
            for (int j = 1; j <= b.length(); j++) {
                current[j] = c == b.charAt(j - 1) ? previous[j - 1] + 1 : 0;
                if (current[j] > best) {
                    best = current[j];
                }
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return best;
    }
}
