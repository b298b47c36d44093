package dev.assay.common.pipeline;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.assay.common.port.UsageMetadata;

import java.util.List;

/**
 * What the answering model said, or why it said nothing.
 *
 * @param response the answer text; empty when generation failed
 * @param calls    every call made, with the messages as sent (none for manual answers)
 * @param failure  set when no answer could be had
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record GenerationOutcome(String response, List<RecordedCall> calls, UsageMetadata usage, long latencyMs,
                                Failure failure) {
    public GenerationOutcome {
        response = response == null ? "" : response;
        calls = calls == null ? List.of() : List.copyOf(calls);
        usage = usage == null ? UsageMetadata.EMPTY : usage;
    }

    @JsonIgnore
    public boolean succeeded() {
        return failure == null;
    }
}
