package dev.assay.architecture;

import java.util.Set;

/**
 * A package cycle that exists and is to be removed: the slices ({@link ProductSlices}) that
 * reference each other in a circle today.
 */
record KnownCycle(String name, Set<String> slices) {

    KnownCycle {
        slices = Set.copyOf(slices);
    }

    static KnownCycle of(String name, String... slices) {
        return new KnownCycle(name, Set.of(slices));
    }
}
