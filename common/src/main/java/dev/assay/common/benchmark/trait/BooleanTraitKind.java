package dev.assay.common.benchmark.trait;

import dev.assay.common.benchmark.TraitScope;
import dev.assay.common.benchmark.RubricTrait;
import dev.assay.common.validation.Problems;

import java.util.List;

/** {@code boolean}: the judge answers yes or no to the trait's description. */
public final class BooleanTraitKind implements TraitKind {

    @Override
    public String name() {
        return RubricTrait.BOOLEAN;
    }

    @Override
    public List<String> fields() {
        return List.of("deep_judgment");
    }

    @Override
    public boolean judged() {
        return true;
    }

    @Override
    public void validate(RubricTrait trait, TraitScope scope, String path, Problems problems) {
        problems.require(Problems.field(path, "description"), trait.description());
    }
}
