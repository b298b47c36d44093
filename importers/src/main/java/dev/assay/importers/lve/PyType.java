package dev.assay.importers.lve;

/** The Python types a translated lambda computes with; everything else is refused. */
enum PyType {
    STR("str"), INT("int"), FLOAT("float"), BOOL("bool"),
    STR_LIST("list of str"), INT_LIST("list of int"), FLOAT_LIST("list of float"), BOOL_LIST("list of bool");

    private final String label;

    PyType(String label) {
        this.label = label;
    }

    boolean isNumber() {
        return this == INT || this == FLOAT;
    }

    boolean isList() {
        return element() != null;
    }

    /** The element type of a list type; null for the others. */
    PyType element() {
        return switch (this) {
            case STR_LIST -> STR;
            case INT_LIST -> INT;
            case FLOAT_LIST -> FLOAT;
            case BOOL_LIST -> BOOL;
            default -> null;
        };
    }

    /** The list type of this element type; null when there is none. */
    PyType listOf() {
        return switch (this) {
            case STR -> STR_LIST;
            case INT -> INT_LIST;
            case FLOAT -> FLOAT_LIST;
            case BOOL -> BOOL_LIST;
            default -> null;
        };
    }

    @Override
    public String toString() {
        return label;
    }
}
