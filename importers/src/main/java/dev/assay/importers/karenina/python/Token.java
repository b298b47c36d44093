package dev.assay.importers.karenina.python;

/**
 * One Python token.
 *
 * @param kind  what it is
 * @param text  as written (for a string: the decoded value)
 * @param line  1-based physical line
 * @param depth bracket nesting at the token (0 outside any bracket), so statements can find their
 *              top-level {@code =} and {@code :}
 * @param start offset of the token in the source, for quoting statements in messages
 * @param end   offset just after it
 */
public record Token(Kind kind, String text, int line, int depth, int start, int end) {

    public enum Kind { NAME, NUMBER, STRING, FSTRING, OP }

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
