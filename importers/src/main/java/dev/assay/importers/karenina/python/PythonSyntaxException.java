package dev.assay.importers.karenina.python;

/**
 * The source uses Python this reader does not follow (or is not valid Python). The message names
 * the line and what was met, so the import report can say why a template was left out.
 */
public class PythonSyntaxException extends RuntimeException {

    private final int line;
    private final String problem;

    public PythonSyntaxException(int line, String problem) {
        super("line " + line + ": " + problem);
        this.line = line;
        this.problem = problem;
    }

    public int line() {
        return line;
    }

    /** What was met, without the line. */
    public String problem() {
        return problem;
    }
}
