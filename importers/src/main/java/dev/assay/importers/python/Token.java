package dev.assay.importers.python;

/**
 * One Python token.
 *
 * @param kind   what it is
 * @param text   as written (for a string: the decoded value)
 * @param line   1-based physical line
 * @param column 1-based column on that line
 * @param depth  bracket nesting at the token (0 outside any bracket), so statements can find their
 *               top-level {@code =} and {@code :}
 * @param start  offset of the token in the source, for quoting statements in messages
 * @param end    offset just after it
 */
public record Token(Kind kind, String text, int line, int column, int depth, int start, int end) {

    /** F-strings and bytes literals are kinds of their own: no reader evaluates them, each refuses them in its words. */
    public enum Kind { NAME, NUMBER, STRING, FSTRING, BYTES, OP }

    public boolean is(Kind expected, String value) {
        return kind == expected && text.equals(value);
    }

    public boolean isOp(String value) {
        return is(Kind.OP, value);
    }

    public boolean isName(String value) {
        return is(Kind.NAME, value);
    }
}
