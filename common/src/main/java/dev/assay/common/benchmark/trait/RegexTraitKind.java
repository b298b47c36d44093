package dev.assay.common.benchmark.trait;

import dev.assay.common.benchmark.TraitScope;
import dev.assay.common.benchmark.RubricTrait;
import dev.assay.common.validation.Problems;

import java.util.List;
import java.util.regex.PatternSyntaxException;

/** {@code regex}: the pattern is searched in the response, locally; {@code invert} makes a match a failure. */
public final class RegexTraitKind implements TraitKind {

    @Override
    public String name() {
        return RubricTrait.REGEX;
    }

    @Override
    public List<String> fields() {
        return List.of("pattern", "case_sensitive", "invert");
    }

    @Override
    public boolean judged() {
        return false;
    }

    @Override
    public void validate(RubricTrait trait, TraitScope scope, String path, Problems problems) {
        if (problems.require(Problems.field(path, "pattern"), trait.pattern())) {
            try {
                trait.compiledPattern();
            } catch (PatternSyntaxException e) {
                problems.add(Problems.field(path, "pattern"), "invalid regular expression: " + e.getDescription()
                        + " near index " + e.getIndex());
            }
        }
    }
}
