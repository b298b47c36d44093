package dev.assay.stage.rubric.dynamic;

import dev.assay.common.prompt.judge.JudgeInputs;
import dev.assay.common.prompt.judge.JudgeTasks;
import dev.assay.common.benchmark.RubricTrait;
import dev.assay.common.pipeline.DynamicRubricOutcome;
import dev.assay.core.llm.ModelCallException;
import dev.assay.stage.rubric.evaluation.JudgeFailures;
import dev.assay.core.session.ModelSession;
import dev.assay.stage.rubric.evaluation.TraitInput;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.List;

/**
 * Decides which dynamic traits apply to a response: one batched judge call (task
 * {@code rubric_dynamic_presence_check}) asks, for each trait's concept, whether the response is
 * about it. Present traits are promoted (scored like the others); absent ones are skipped. When the
 * call fails for good, every dynamic trait is skipped and the outcome carries the error: a trait
 * is only scored when the judge said it applies.
 */
@ApplicationScoped
public class PresenceCheck {

    public DynamicRubricOutcome resolve(List<RubricTrait> dynamicTraits, TraitInput input, ModelSession judge) {
        List<String> promoted;
        try {
            promoted = judge.ask(JudgeTasks.PRESENCE_CHECK, new JudgeInputs.Traits(input.question().question(), input.response(),
                    dynamicTraits));
        } catch (ModelCallException e) {
            return new DynamicRubricOutcome(List.of(), dynamicTraits.stream().map(RubricTrait::name).toList(),
                    JudgeFailures.callFailed("the presence check", e));
        }
        List<String> skipped = dynamicTraits.stream().map(RubricTrait::name).filter(name -> !promoted.contains(name)).toList();
        return new DynamicRubricOutcome(promoted, skipped, null);
    }
}
