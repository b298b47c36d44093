package dev.assay.importers.lve;

import dev.assay.common.benchmark.RubricTrait;

/** The {@code checker} trait of the kinds translations produce, with a description saying what LVE checked. */
final class CheckerTraits {

    private CheckerTraits() {
    }

    static RubricTrait regex(String description, PythonRegex.JavaPattern pattern, boolean invert) {
        return RubricTrait.builder(CheckerTranslator.TRAIT_NAME, RubricTrait.REGEX)
                .description(description)
                .pattern(pattern.pattern())
                .caseSensitive(pattern.caseInsensitive() ? Boolean.FALSE : null)
                .invert(invert ? Boolean.TRUE : null)
                .build();
    }

    static RubricTrait expression(String description, String expression) {
        return RubricTrait.builder(CheckerTranslator.TRAIT_NAME, RubricTrait.EXPRESSION)
                .description(description)
                .expression(expression)
                .build();
    }
}
