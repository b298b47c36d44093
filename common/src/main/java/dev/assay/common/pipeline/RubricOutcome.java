package dev.assay.common.pipeline;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.assay.common.port.UsageMetadata;

import java.util.List;

/**
 * The rubric stage's work on one parsed record.
 *
 * @param dynamic what the presence check made of the dynamic traits; null when there were none
 * @param nuggets the nugget evaluation; null when the question has no nuggets
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RubricOutcome(List<TraitScore> traits, DynamicRubricOutcome dynamic, NuggetOutcome nuggets,
                            List<RecordedCall> calls, UsageMetadata usage, long latencyMs, Failure failure) {

    public static final RubricOutcome NOTHING_TO_DO = new RubricOutcome(List.of(), null, null, List.of(), UsageMetadata.EMPTY, 0, null);

    public RubricOutcome(List<TraitScore> traits, List<RecordedCall> calls, UsageMetadata usage, long latencyMs, Failure failure) {
        this(traits, null, null, calls, usage, latencyMs, failure);
    }

    public RubricOutcome {
        traits = traits == null ? List.of() : List.copyOf(traits);
        calls = calls == null ? List.of() : List.copyOf(calls);
        usage = usage == null ? UsageMetadata.EMPTY : usage;
    }
}
