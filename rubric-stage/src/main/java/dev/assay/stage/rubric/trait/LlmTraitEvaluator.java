package dev.assay.stage.rubric.trait;

import dev.assay.common.benchmark.RubricTrait;
import dev.assay.common.pipeline.TraitScore;
import dev.assay.common.prompt.judge.JudgeTasks;
import dev.assay.core.session.ModelSession;
import dev.assay.stage.rubric.evaluation.TraitInput;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.List;
import java.util.Set;

/**
 * Boolean and score traits, the "LLM traits": one evaluator for both kinds so that the
 * {@code batch} strategy asks them all in one call ({@code rubric_llm_trait_batch}); under
 * {@code sequential}, one call per trait ({@code rubric_llm_trait_single}).
 */
@ApplicationScoped
public class LlmTraitEvaluator implements TraitEvaluator {

    private final JudgedTraitCalls calls = new JudgedTraitCalls(JudgeTasks.LLM_TRAIT_BATCH, JudgeTasks.LLM_TRAIT_SINGLE);

    @Override
    public String kind() {
        return RubricTrait.BOOLEAN;
    }

    @Override
    public Set<String> kinds() {
        return Set.of(RubricTrait.BOOLEAN, RubricTrait.SCORE);
    }

    @Override
    public List<TraitScore> evaluate(List<RubricTrait> traits, TraitInput input, ModelSession judge) {
        // deep judgment, when the run asks for it, scores each trait through excerpts and reasoning
        return input.settings().effectiveDeepJudgment().rubricEnabled()
                ? DeepJudgedTraits.score(traits, input, judge, input.settings().effectiveDeepJudgment())
                : calls.score(traits, input, judge);
    }
}
