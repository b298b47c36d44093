package dev.assay.common.validation;

import java.util.List;
import java.util.Map;

/**
 * Where each node of a document starts in its text, by path ({@code questions[3].template.fields.dose}):
 * a mapping entry at its key, a list element at its first token, the document at its first token.
 * A problem's path that names no node read from the text (a required field that is missing, say)
 * is placed at its nearest enclosing node.
 */
public final class Locations {

    /** For documents without a text of their own (built in code): every problem is unplaced. */
    public static final Locations NONE = new Locations(Map.of(), "", List.of());

    private final Map<String, SourceLocation> byPath;
    private final String prefix;
    private final List<LocatingParser.Duplicate> duplicates;

    Locations(Map<String, SourceLocation> byPath, String prefix, List<LocatingParser.Duplicate> duplicates) {
        this.byPath = byPath;
        this.prefix = prefix;
        this.duplicates = duplicates;
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
            SourceLocation location = byPath.get(full);
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

    /** {@code a.b[2]} → {@code a.b}; {@code a.b} → {@code a}; {@code a} → "". */
    static String parentOf(String path) {
        int cut = Math.max(path.lastIndexOf('.'), path.lastIndexOf('['));
        return cut < 0 ? "" : path.substring(0, cut);
    }
}
