package dev.assay.rubric.service.dynamic;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.benchmark.RubricTrait;
import dev.assay.common.pipeline.DynamicRubricOutcome;
import dev.assay.common.prompt.PromptTask;
import dev.assay.common.prompt.judge.PresencePrompt;
import dev.assay.common.prompt.judge.PresenceSchema;
import dev.assay.core.llm.ModelCallException;
import dev.assay.rubric.service.JudgeFailures;
import dev.assay.rubric.service.JudgeSession;
import dev.assay.rubric.service.TraitInput;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.ArrayList;
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

    public DynamicRubricOutcome resolve(List<RubricTrait> dynamicTraits, TraitInput input, JudgeSession judge) {
        JsonNode answer;
        try {
            answer = judge.extract(PromptTask.RUBRIC_DYNAMIC_PRESENCE_CHECK, PresencePrompt.SYSTEM,
                    PresencePrompt.user(input.question().question(), input.response(), dynamicTraits),
                    PresenceSchema.of(dynamicTraits)).value();
        } catch (ModelCallException e) {
            return new DynamicRubricOutcome(List.of(), dynamicTraits.stream().map(RubricTrait::name).toList(),
                    JudgeFailures.callFailed("the presence check", e));
        }
        List<String> promoted = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        for (RubricTrait trait : dynamicTraits) {
            (answer.path(trait.name()).asBoolean(false) ? promoted : skipped).add(trait.name());
        }
        return new DynamicRubricOutcome(promoted, skipped, null);
    }
}
