package dev.assay.common.validation;

import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Where each node of a document starts in its text, by path ({@code questions[3].template.fields.dose}):
 * a mapping entry at its key, a list element at its first token, the document at its first token.
 * A problem's path that names no node read from the text (a required field that is missing, say)
 * is placed at its nearest enclosing node.
 *
 * <p>Noting every node's place costs more than reading the text (a path string and a map entry per
 * node), and a valid document never needs one: {@link #lazy} notes them only when the first problem
 * is placed, by reading the text again.
 */
public final class Locations {

    /** For documents without a text of their own (built in code): every problem is unplaced. */
    public static final Locations NONE = new Locations(Map.of(), "", List.of());

    private final Supplier<Map<String, SourceLocation>> byPath;
    private final String prefix;
    private final List<LocatingParser.Duplicate> duplicates;

    Locations(Map<String, SourceLocation> byPath, String prefix, List<LocatingParser.Duplicate> duplicates) {
        this(() -> byPath, prefix, duplicates);
    }

    private Locations(Supplier<Map<String, SourceLocation>> byPath, String prefix, List<LocatingParser.Duplicate> duplicates) {
        this.byPath = byPath;
        this.prefix = prefix;
        this.duplicates = duplicates;
    }

    /**
     * Locations of a text known to hold no key written twice, noted by {@code note} the first time a
     * place is asked for (at most once, also across {@link #member} views).
     */
    static Locations lazy(Supplier<Map<String, SourceLocation>> note) {
        return new Locations(new Once<>(note), "", List.of());
    }

    /**
     * The keys written twice under this part of the text, each a problem placed at its second
     * place (its message names the first), its path addressed from this part.
     */
    List<Problem> duplicates(String document) {
        return duplicates.stream()
                .filter(duplicate -> prefix.isEmpty() || duplicate.path().equals(prefix)
                        || duplicate.path().startsWith(prefix + ".") || duplicate.path().startsWith(prefix + "["))
                .map(duplicate -> new Problem(document, relative(duplicate.path()), duplicate.message(), duplicate.second()))
                .toList();
    }

    private String relative(String path) {
        if (prefix.isEmpty() || path.equals(prefix)) {
            return prefix.isEmpty() ? path : "";
        }
        return path.substring(prefix.length() + (path.charAt(prefix.length()) == '.' ? 1 : 0));
    }

    /** Where the node at {@code path} starts, else its nearest enclosing node's start; null when nothing is known. */
    public SourceLocation locate(String path) {
        String full = Problems.join(prefix, path == null ? "" : path);
        while (true) {
            SourceLocation location = byPath.get().get(full);
            if (location != null || full.isEmpty()) {
                return location;
            }
            full = parentOf(full);
        }
    }

    /** The locations under the member {@code name}, addressed from it: what a part of a larger text needs. */
    public Locations member(String name) {
        return new Locations(byPath, Problems.field(prefix, name), duplicates);
    }

    /** A value computed on first use and kept; concurrent first uses may compute it twice, harmlessly. */
    private static final class Once<T> implements Supplier<T> {

        private final Supplier<T> compute;
        private volatile T value;

        Once(Supplier<T> compute) {
            this.compute = compute;
        }

        @Override
        public T get() {
            T known = value;
            if (known == null) {
                known = compute.get();
                value = known;
            }
            return known;
        }
    }

    /** {@code a.b[2]} → {@code a.b}; {@code a.b} → {@code a}; {@code a} → "". */
    static String parentOf(String path) {
        int cut = Math.max(path.lastIndexOf('.'), path.lastIndexOf('['));
        return cut < 0 ? "" : path.substring(0, cut);
    }
}
