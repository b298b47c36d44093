package dev.assay.importers.lve;

import dev.assay.common.benchmark.RubricTrait;

/**
 * The checker of one instance as a trait, or why there is none.
 *
 * @param trait     the {@code checker} trait; null when not converted
 * @param notConverted the report's reason; null when converted
 */
record CheckerTranslation(RubricTrait trait, String notConverted) {

    static CheckerTranslation converted(RubricTrait trait) {
        return new CheckerTranslation(trait, null);
    }

    static CheckerTranslation notConverted(String reason) {
        return new CheckerTranslation(null, reason);
    }
}
