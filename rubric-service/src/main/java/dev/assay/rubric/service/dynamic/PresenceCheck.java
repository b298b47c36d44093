package dev.assay.rubric.service.dynamic;

import dev.assay.common.benchmark.RubricTrait;
import dev.assay.common.pipeline.DynamicRubricOutcome;
import dev.assay.rubric.service.JudgeSession;
import dev.assay.rubric.service.TraitInput;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.List;

/**
 * Decides which dynamic traits apply to a response: one batched judge call (task
 * {@code rubric_dynamic_presence_check}) asks, for each trait's concept, whether the response is
 * about it. Present traits are promoted (scored like the others); absent ones are skipped.
 * PLACEHOLDER: promotes nothing until implemented.
 */
@ApplicationScoped
public class PresenceCheck {

    public DynamicRubricOutcome resolve(List<RubricTrait> dynamicTraits, TraitInput input, JudgeSession judge) {
        return new DynamicRubricOutcome(List.of(), dynamicTraits.stream().map(RubricTrait::name).toList(), "not implemented yet");
    }
}
