package dev.assay.stage.rubric.trait;

import dev.assay.common.benchmark.RubricTrait;
import dev.assay.common.pipeline.TraitScore;
import dev.assay.common.prompt.judge.JudgeTasks;
import dev.assay.core.session.ModelSession;
import dev.assay.stage.rubric.evaluation.TraitInput;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.List;

/**
 * Literal traits: the judge picks one of each trait's classes; the score is the class's index.
 * All in one call ({@code rubric_literal_trait_batch}) under {@code batch}, one call per trait
 * ({@code rubric_literal_trait_single}) under {@code sequential}.
 */
@ApplicationScoped
public class LiteralTraitEvaluator implements TraitEvaluator {

    private final JudgedTraitCalls calls = new JudgedTraitCalls(JudgeTasks.LITERAL_TRAIT_BATCH, JudgeTasks.LITERAL_TRAIT_SINGLE);

    @Override
    public String kind() {
        return RubricTrait.LITERAL;
    }

    @Override
    public List<TraitScore> evaluate(List<RubricTrait> traits, TraitInput input, ModelSession judge) {
        return calls.score(traits, input, judge);
    }
}
