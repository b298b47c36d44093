package dev.assay.common.run;

import dev.assay.common.port.AgentSettings;
import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.assay.common.validation.Problems;
import dev.assay.common.validation.Validatable;

import java.util.Arrays;
import java.util.Locale;

/**
 * Agentic parsing (run config {@code agentic_parsing}, Karenina's {@code agentic_parsing} with
 * {@code agentic_judge_context}, {@code agentic_parsing_max_turns} and {@code agentic_parsing_timeout}):
 * instead of one parsing call, the judge first investigates the answer as an agent with tools,
 * then an extraction call fills the template from its investigation (docs/agents.md).
 *
 * @param enabled      run it (default false)
 * @param judgeContext what the investigation is shown: {@code trace} (default: the answering agent's
 *                     whole trace when it was an agent, else the response), {@code response} (the final answer only),
 *                     {@code workspace} (the question and the answering agent's workspace, read with the built-in
 *                     tools) or {@code trace_and_workspace} (both); Karenina's {@code trace_only},
 *                     {@code response_only} and {@code workspace_only} are read as their counterparts
 * @param agent        the investigating judge's loop: {@code max_turns} (default 15), {@code timeout}
 *                     (default 120s), {@code mcp_servers}, {@code http_tools} and a {@code tools} filter, as an
 *                     answering model's {@code agent} block
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record AgenticParsingSettings(Boolean enabled, JudgeContext judgeContext, AgentSettings agent) implements Validatable {

    /** What the investigating judge is shown of the answer. */
    public enum JudgeContext {
        /** The answering agent's trace (tool calls and results) when there is one, else the response. */
        TRACE("trace_only"),
        /** Only the final response. */
        RESPONSE("response_only"),
        /** The question and the answering agent's workspace, which the judge reads with list_files and read_file. */
        WORKSPACE("workspace_only"),
        /** The trace, and the workspace as with {@link #WORKSPACE}. */
        TRACE_AND_WORKSPACE("trace_and_workspace");

        /** Karenina's name of the mode ({@code agentic_judge_context}). */
        private final String kareninaName;

        JudgeContext(String kareninaName) {
            this.kareninaName = kareninaName;
        }

        @JsonValue
        public String wireValue() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** True when the judge is given the answering agent's workspace. */
        public boolean includesWorkspace() {
            return this == WORKSPACE || this == TRACE_AND_WORKSPACE;
        }

        @JsonCreator
        public static JudgeContext fromWire(String value) {
            return Arrays.stream(values()).filter(context -> context.wireValue().equals(value) || context.kareninaName.equals(value))
                    .findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("unknown judge_context \"" + value + "\"; use one of: "
                            + String.join(", ", Arrays.stream(values()).map(JudgeContext::wireValue).toList())));
        }
    }

    @JsonIgnore
    public boolean isEnabled() {
        return Boolean.TRUE.equals(enabled);
    }

    @JsonIgnore
    public JudgeContext effectiveJudgeContext() {
        return judgeContext == null ? JudgeContext.TRACE : judgeContext;
    }

    /** The investigation's loop, with Karenina's defaults where the config leaves them out. */
    @JsonIgnore
    public AgentSettings effectiveAgent() {
        return AgentSettings.forInvestigation(agent);
    }

    @Override
    public void validate(String path, Problems problems) {
        if (agent != null) {
            agent.validate(Problems.field(path, "agent"), problems);
        }
        AgentSettings.rejectWorkspace(agent, Problems.field(path, "agent"), "agentic parsing's investigating judge", problems);
        // with the workspace in its context the judge has its file tools, so it needs no others
        if (isEnabled() && !effectiveJudgeContext().includesWorkspace()) {
            AgentSettings.requireTools(agent, Problems.field(path, "agent"), "agentic parsing's investigating judge", problems);
        }
    }
}
