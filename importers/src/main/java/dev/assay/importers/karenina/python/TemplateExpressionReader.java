package dev.assay.importers.karenina.python;

import dev.assay.importers.python.PyExpr;
import dev.assay.importers.python.PythonExpressionParser;
import dev.assay.importers.python.PythonSyntaxException;
import dev.assay.importers.python.Token;
import dev.assay.importers.python.UnsupportedSyntaxException;

import java.util.List;

/**
 * Reads the expressions of an answer template with the shared parser, and refuses what templates
 * have no business with (lambdas, conditional expressions, comprehensions, slices, and what no
 * importer reads) with its line, never guessing at it. The refusals are checked in source order,
 * so a statement with several is refused for the first, as Python would meet it.
 */
public final class TemplateExpressionReader {

    private static final String REFUSED = " is not read by the template reader";

    private TemplateExpressionReader() {
    }

    /** The expression (or {@code a, b} tuple) the tokens spell, all of them; {@code line} is for messages. */
    public static PyExpr parse(List<Token> tokens, int line) {
        PyExpr expr;
        try {
            expr = PythonExpressionParser.expressionList(tokens, line);
        } catch (UnsupportedSyntaxException e) {
            throw refused(e);
        }
        refuseUnread(expr, tokens.get(0).line());
        return expr;
    }

    /** Python no importer reads, in the template reader's words. */
    static PythonSyntaxException refused(UnsupportedSyntaxException e) {
        return new PythonSyntaxException(e.line(), e.column(), e.offset(), e.near(), e.what() + REFUSED);
    }

    private static void refuseUnread(PyExpr expr, int line) {
        switch (expr) {
            case PyExpr.Lambda ignored -> throw refused(line, "\"lambda\"");
            case PyExpr.IfExp ifExp -> {
                refuseUnread(ifExp.body(), line);
                throw refused(line, "a conditional expression (x if c else y)");
            }
            case PyExpr.Comprehension comprehension -> {
                refuseUnread(comprehension.element(), line);
                throw refused(line, "a comprehension");
            }
            case PyExpr.Slice slice -> {
                if (slice.lower() != null) {
                    refuseUnread(slice.lower(), line);
                }
                throw refused(line, "a slice");
            }
            default -> expr.children().forEach(child -> refuseUnread(child, line));
        }
    }

    private static PythonSyntaxException refused(int line, String what) {
        return new PythonSyntaxException(line, what + REFUSED);
    }
}
