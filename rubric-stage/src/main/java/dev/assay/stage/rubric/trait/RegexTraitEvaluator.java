package dev.assay.stage.rubric.trait;

import dev.assay.common.benchmark.RubricTrait;
import dev.assay.common.pipeline.TraitScore;
import dev.assay.core.session.ModelSession;
import dev.assay.stage.rubric.evaluation.TraitInput;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.List;
import java.util.regex.PatternSyntaxException;

/** Regex traits, scored locally: the pattern is searched anywhere in the response; {@code invert} makes a match a failure. */
@ApplicationScoped
public class RegexTraitEvaluator implements TraitEvaluator {

    @Override
    public String kind() {
        return RubricTrait.REGEX;
    }

    @Override
    public List<TraitScore> evaluate(List<RubricTrait> traits, TraitInput input, ModelSession judge) {
        return traits.stream().map(trait -> score(trait, input.response())).toList();
    }

    public static TraitScore score(RubricTrait trait, String response) {
        if (trait.pattern() == null || trait.pattern().isEmpty()) {
            return TraitScore.failed(trait.name(), RubricTrait.REGEX, "the trait has no pattern");
        }
        try {
            boolean found = trait.compiledPattern().matcher(response == null ? "" : response).find();
            return TraitScore.verdict(trait.name(), RubricTrait.REGEX, found != trait.isInverted());
        } catch (PatternSyntaxException e) {
            // validation rejects these; a job published straight to Kafka may still carry one
            return TraitScore.failed(trait.name(), RubricTrait.REGEX,
                    "invalid regular expression: " + e.getDescription() + " near index " + e.getIndex());
        }
    }
}
