package dev.assay.importers.karenina.python;

import dev.assay.importers.python.PyExpr;

import java.util.List;

/**
 * A Python statement as written, with its first line and its text for messages. Statements the
 * reader has no shape for (if, for, with, try, augmented assignment, decorators…) are {@link Other}:
 * whoever meets one decides whether it matters.
 */
public sealed interface PyStatement {

    int line();

    String text();

    /** A bare expression, e.g. a docstring. */
    record ExprStatement(PyExpr expr, int line, String text) implements PyStatement {
    }

    record Assign(PyExpr target, PyExpr value, int line, String text) implements PyStatement {
    }

    /** {@code name: annotation} or {@code name: annotation = value} ({@code value} null when absent). */
    record AnnotatedAssign(PyExpr target, PyExpr annotation, PyExpr value, int line, String text) implements PyStatement {
    }

    /** {@code value} is null for a bare {@code return}. */
    record Return(PyExpr value, int line, String text) implements PyStatement {
    }

    record Pass(int line, String text) implements PyStatement {
    }

    record Import(int line, String text) implements PyStatement {
    }

    record ClassDef(String name, List<PyExpr> bases, List<PyStatement> body, int line, String text) implements PyStatement {
        public ClassDef {
            bases = List.copyOf(bases);
            body = List.copyOf(body);
        }
    }

    record FunctionDef(String name, List<String> params, List<PyStatement> body, int line, String text) implements PyStatement {
        public FunctionDef {
            params = List.copyOf(params);
            body = List.copyOf(body);
        }
    }

    /**
     * Anything else (its nested statements skipped).
     *
     * @param problem why it could not be read, when it is a simple statement using Python the reader
     *                refuses (a lambda, a comprehension…); null for a statement it just has no shape for
     */
    record Other(int line, String text, String problem) implements PyStatement {
        public Other(int line, String text) {
            this(line, text, null);
        }
    }
}
