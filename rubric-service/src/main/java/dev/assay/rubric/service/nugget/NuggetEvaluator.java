package dev.assay.rubric.service.nugget;

import dev.assay.common.pipeline.NuggetOutcome;
import dev.assay.rubric.service.JudgeSession;
import dev.assay.rubric.service.TraitInput;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.List;

/**
 * Judges a question's nuggets against the response (and, when asked, each passage), in windows
 * of at most {@code window_size} nuggets per call (task {@code nugget_assignment}).
 * PLACEHOLDER until implemented.
 */
@ApplicationScoped
public class NuggetEvaluator {

    public NuggetOutcome evaluate(TraitInput input, JudgeSession judge) {
        return new NuggetOutcome(List.of(), null, List.of(), null, "not implemented yet");
    }
}
