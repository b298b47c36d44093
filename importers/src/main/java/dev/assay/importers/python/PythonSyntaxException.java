package dev.assay.importers.python;

/**
 * The source is not Python this reader follows (or not valid Python). The message names the line
 * and what was met; the column, the offset in the source and the token met are kept apart so each
 * importer can phrase the report in its own terms.
 */
public class PythonSyntaxException extends RuntimeException {

    private final int line;
    private final int column;
    private final int offset;
    private final String near;
    private final String problem;

    /**
     * @param column 1-based, 0 when unknown
     * @param offset 0-based offset in the source, -1 when unknown
     * @param near   the token met, null when the source ended
     */
    public PythonSyntaxException(int line, int column, int offset, String near, String problem) {
        super("line " + line + ": " + problem);
        this.line = line;
        this.column = column;
        this.offset = offset;
        this.near = near;
        this.problem = problem;
    }

    /** A problem known only by its line (a statement's, say). */
    public PythonSyntaxException(int line, String problem) {
        this(line, 0, -1, null, problem);
    }

    static PythonSyntaxException at(Token token, String problem) {
        return new PythonSyntaxException(token.line(), token.column(), token.start(), token.text(), problem);
    }

    public int line() {
        return line;
    }

    public int column() {
        return column;
    }

    public int offset() {
        return offset;
    }

    /** The token the problem was met at; null when the source ended first. */
    public String near() {
        return near;
    }

    /** What was met, without the line. */
    public String problem() {
        return problem;
    }
}
