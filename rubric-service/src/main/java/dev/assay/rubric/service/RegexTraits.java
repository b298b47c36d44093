package dev.assay.rubric.service;

import dev.assay.common.benchmark.RubricTrait;
import dev.assay.common.pipeline.TraitScore;

import java.util.regex.PatternSyntaxException;

/** Regex traits, scored locally: the pattern is searched anywhere in the response; {@code invert} makes a match a failure. */
public final class RegexTraits {

    private RegexTraits() {
    }

    public static TraitScore score(RubricTrait trait, String response) {
        if (trait.pattern() == null || trait.pattern().isEmpty()) {
            return new TraitScore(trait.name(), RubricTrait.REGEX, null, null, null, "the trait has no pattern");
        }
        try {
            boolean found = trait.compiledPattern().matcher(response == null ? "" : response).find();
            return new TraitScore(trait.name(), RubricTrait.REGEX, found != trait.isInverted(), null, null, null);
        } catch (PatternSyntaxException e) {
            // validation rejects these; a job published straight to Kafka may still carry one
            return new TraitScore(trait.name(), RubricTrait.REGEX, null, null, null,
                    "invalid regular expression: " + e.getDescription() + " near index " + e.getIndex());
        }
    }
}
