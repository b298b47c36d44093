package dev.assay.importers.lve;

/**
 * A CEL expression's text with the Python type of the value it stands for, and how tightly its
 * top operator binds, so it is parenthesized only where CEL's precedence needs it.
 *
 * @param stripped a string known to have no surrounding white space (so {@code int()} needs no {@code trim()})
 */
record CelValue(String text, PyType type, int precedence, boolean stripped) {

    static final int CONDITIONAL = 0;
    static final int OR = 1;
    static final int AND = 2;
    static final int RELATION = 3;
    static final int SUM = 4;
    static final int PRODUCT = 5;
    static final int UNARY = 6;
    static final int PRIMARY = 7;

    CelValue(String text, PyType type, int precedence) {
        this(text, type, precedence, false);
    }

    /** The text, in parentheses when it binds less tightly than {@code level} needs. */
    String at(int level) {
        return precedence >= level ? text : "(" + text + ")";
    }
}
