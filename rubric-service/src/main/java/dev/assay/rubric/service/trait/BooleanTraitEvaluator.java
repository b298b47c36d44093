package dev.assay.rubric.service.trait;

import dev.assay.common.benchmark.RubricTrait;
import dev.assay.common.pipeline.Failure;
import dev.assay.common.pipeline.Stage;
import dev.assay.common.pipeline.TraitScore;
import dev.assay.common.prompt.PromptTask;
import dev.assay.core.llm.Extraction;
import dev.assay.core.llm.ModelCallException;
import dev.assay.rubric.service.JudgeSession;
import dev.assay.rubric.service.TraitInput;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.List;

/** Boolean traits: every one in one batched judge call; when the call fails for good, each carries the error. */
@ApplicationScoped
public class BooleanTraitEvaluator implements TraitEvaluator {

    @Override
    public String kind() {
        return RubricTrait.BOOLEAN;
    }

    @Override
    public List<TraitScore> evaluate(List<RubricTrait> traits, TraitInput input, JudgeSession judge) {
        var schema = TraitBatchSchema.of(traits);
        try {
            Extraction extraction = judge.extract(PromptTask.RUBRIC_LLM_TRAIT_BATCH, BooleanTraitPrompt.SYSTEM,
                    BooleanTraitPrompt.user(input.question().question(), input.response(), traits), schema);
            return traits.stream()
                    .map(trait -> TraitScore.verdict(trait.name(), RubricTrait.BOOLEAN, extraction.value().get(trait.name()).asBoolean()))
                    .toList();
        } catch (ModelCallException e) {
            Failure failure = e.toFailure(Stage.RUBRIC);
            String error = "the judge call for the boolean traits failed (" + failure.category().wireName() + "): " + failure.reason();
            return traits.stream().map(trait -> TraitScore.failed(trait.name(), RubricTrait.BOOLEAN, error)).toList();
        }
    }
}
