package dev.assay.common.pipeline;

import dev.assay.common.run.RunOutput;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.assay.common.port.AgentResult;
import dev.assay.common.port.UsageMetadata;

import java.util.List;
import java.util.Map;

/**
 * What the answering model said, or why it said nothing.
 *
 * @param response the answer text; empty when generation failed
 * @param calls    every call made, with the messages as sent (none for manual answers)
 * @param failure  set when no answer could be had
 * @param variables the variables a multi-variable prompt filled, in order ({@code response} last); empty otherwise
 * @param outputs  every run of a multi-run prompt, in order; empty otherwise
 * @param agent    an agent's run (docs/agents.md): its whole trace, turns and whether it hit its turn
 *                 limit; absent for a model that is no agent (an optional field: records without it read as before)
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record GenerationOutcome(String response, List<RecordedCall> calls, UsageMetadata usage, long latencyMs,
                                Failure failure, Map<String, String> variables, List<RunOutput> outputs,
                                AgentResult agent) {

    public GenerationOutcome(String response, List<RecordedCall> calls, UsageMetadata usage, long latencyMs, Failure failure) {
        this(response, calls, usage, latencyMs, failure, null, null, null);
    }

    /** An outcome of a model that is no agent. */
    public GenerationOutcome(String response, List<RecordedCall> calls, UsageMetadata usage, long latencyMs,
                             Failure failure, Map<String, String> variables, List<RunOutput> outputs) {
        this(response, calls, usage, latencyMs, failure, variables, outputs, null);
    }

    public GenerationOutcome {
        variables = variables == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(variables));
        outputs = outputs == null ? List.of() : List.copyOf(outputs);
        response = response == null ? "" : response;
        calls = calls == null ? List.of() : List.copyOf(calls);
        usage = usage == null ? UsageMetadata.EMPTY : usage;
    }

    @JsonIgnore
    public boolean succeeded() {
        return failure == null;
    }
}
