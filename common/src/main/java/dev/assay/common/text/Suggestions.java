package dev.assay.common.text;

import java.util.Collection;
import java.util.Comparator;
import java.util.Locale;
import java.util.Optional;

/** "Did you mean …" for unknown names in user files: the closest known name within a small edit distance. */
public final class Suggestions {

    private Suggestions() {
    }

    /** The known name closest to {@code unknown}, if one is close enough to be a likely typo. */
    public static Optional<String> closest(String unknown, Collection<String> known) {
        if (unknown == null || unknown.isEmpty()) {
            return Optional.empty();
        }
        String needle = unknown.toLowerCase(Locale.ROOT);
        int limit = Math.max(1, needle.length() / 3);
        return known.stream()
                .filter(candidate -> distance(needle, candidate.toLowerCase(Locale.ROOT)) <= limit)
                .min(Comparator.comparingInt((String candidate) -> distance(needle, candidate.toLowerCase(Locale.ROOT)))
                        .thenComparing(Comparator.naturalOrder()));
    }

    /** {@code " (did you mean \"x\"?)"} or an empty string. */
    public static String didYouMean(String unknown, Collection<String> known) {
        return closest(unknown, known).map(name -> " (did you mean \"" + name + "\"?)").orElse("");
    }

    /** Levenshtein distance. */
    static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                current[j] = Math.min(Math.min(current[j - 1] + 1, previous[j] + 1), previous[j - 1] + cost);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
