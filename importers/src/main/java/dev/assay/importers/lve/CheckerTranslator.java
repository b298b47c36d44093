package dev.assay.importers.lve;

import dev.assay.common.benchmark.RubricTrait;

import java.util.Set;

/**
 * Translates one kind of LVE checker into the {@value #TRAIT_NAME} trait of one instance's
 * question. Registered in {@link CheckerTranslators}; a checker it cannot translate faithfully
 * is refused with an {@link Untranslatable} saying why.
 */
interface CheckerTranslator {

    /** The name every translated checker's trait has. */
    String TRAIT_NAME = "checker";

    /** The {@code checker_name} values it translates (a misspelt class name LVE ships is one more). */
    Set<String> checkerNames();

    /** The trait, which passes exactly when LVE's checker says the response is safe. */
    RubricTrait translate(CheckerContext context);
}
