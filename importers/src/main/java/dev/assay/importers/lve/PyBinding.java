package dev.assay.importers.lve;

/**
 * What a Python name stands for in CEL, or why it cannot be used (a None or list argument is only
 * refused when the lambda reads it).
 */
record PyBinding(CelValue value, String unusable) {

    static PyBinding of(CelValue value) {
        return new PyBinding(value, null);
    }

    static PyBinding unusable(String reason) {
        return new PyBinding(null, reason);
    }
}
