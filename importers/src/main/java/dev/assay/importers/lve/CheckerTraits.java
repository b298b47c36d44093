package dev.assay.importers.lve;

import dev.assay.common.benchmark.RubricTrait;

/** The {@code checker} trait of the kinds translations produce, with a description saying what LVE checked. */
final class CheckerTraits {

    private CheckerTraits() {
    }

    static RubricTrait regex(String description, PythonRegex.JavaPattern pattern, boolean invert) {
        return new RubricTrait(CheckerTranslator.TRAIT_NAME, RubricTrait.REGEX, description, null, null, null, null, null,
                pattern.pattern(), pattern.caseInsensitive() ? Boolean.FALSE : null, invert ? Boolean.TRUE : null,
                null, null, null, null, null);
    }

    static RubricTrait expression(String description, String expression) {
        return new RubricTrait(CheckerTranslator.TRAIT_NAME, RubricTrait.EXPRESSION, description, null, null, null, null, null,
                null, null, null, expression, null, null, null, null);
    }
}
