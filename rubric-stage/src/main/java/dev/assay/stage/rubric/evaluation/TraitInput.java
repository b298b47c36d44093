package dev.assay.stage.rubric.evaluation;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.benchmark.Question;
import dev.assay.common.pipeline.JobSettings;
import dev.assay.common.port.WorkspaceSnapshot;
import dev.assay.common.run.RunOutput;

import java.util.List;
import java.util.Map;

/**
 * What a trait or nugget is scored on: the question, the response, the fields the judge parsed
 * from it (null in rubric_only mode), the run's settings, and what an LVE prompt's generation
 * kept besides the response: its filled variables and, for a multi-run prompt, every run's output;
 * and, when the answering model was an agent, its whole trace as text ({@code agentTrace}) and the
 * files it left in its workspace ({@code workspace}, null when it had none).
 */
public record TraitInput(Question question, String response, JsonNode parsed, JobSettings settings,
                         Map<String, String> variables, List<RunOutput> outputs, String agentTrace,
                         WorkspaceSnapshot workspace) {
    public TraitInput {
        response = response == null ? "" : response;
        variables = variables == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(variables));
        outputs = outputs == null ? List.of() : List.copyOf(outputs);
    }

    /** An input whose answering agent had no workspace. */
    public TraitInput(Question question, String response, JsonNode parsed, JobSettings settings,
                      Map<String, String> variables, List<RunOutput> outputs, String agentTrace) {
        this(question, response, parsed, settings, variables, outputs, agentTrace, null);
    }

    /** An input whose answer came from no agent. */
    public TraitInput(Question question, String response, JsonNode parsed, JobSettings settings,
                      Map<String, String> variables, List<RunOutput> outputs) {
        this(question, response, parsed, settings, variables, outputs, null);
    }

    /** What an investigating judge reviews: the answering agent's whole trace when there is one, else the response. */
    public String answerUnderReview() {
        return agentTrace == null || agentTrace.isBlank() ? response : agentTrace;
    }

    /** An input for a plain question: no variables, no runs. */
    public TraitInput(Question question, String response, JsonNode parsed, JobSettings settings) {
        this(question, response, parsed, settings, null, null);
    }
}
