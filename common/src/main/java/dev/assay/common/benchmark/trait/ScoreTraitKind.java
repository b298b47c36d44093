package dev.assay.common.benchmark.trait;

import dev.assay.common.benchmark.TraitScope;
import dev.assay.common.benchmark.RubricTrait;
import dev.assay.common.validation.Problems;

import java.util.List;

/** {@code score}: the judge gives a whole number from {@code min} to {@code max} (default 1–5). */
public final class ScoreTraitKind implements TraitKind {

    @Override
    public String name() {
        return RubricTrait.SCORE;
    }

    @Override
    public List<String> fields() {
        return List.of("min", "max", "higher_is_better", "deep_judgment");
    }

    @Override
    public boolean judged() {
        return true;
    }

    @Override
    public void validate(RubricTrait trait, TraitScope scope, String path, Problems problems) {
        problems.require(Problems.field(path, "description"), trait.description());
        checkRange(trait, path, problems);
    }

    static void checkRange(RubricTrait trait, String path, Problems problems) {
        if (trait.effectiveMin() >= trait.effectiveMax()) {
            problems.add(Problems.field(path, "max"), "must be greater than min (min " + trait.effectiveMin() + ", max "
                    + trait.effectiveMax() + ")");
        }
    }
}
