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
 *                     whole trace when it was an agent, else the response) or {@code response} (the final answer only)
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
        TRACE,
        /** Only the final response. */
        RESPONSE;

        @JsonValue
        public String wireValue() {
            return name().toLowerCase(Locale.ROOT);
        }

        @JsonCreator
        public static JudgeContext fromWire(String value) {
            return Arrays.stream(values()).filter(context -> context.wireValue().equals(value)).findFirst()
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
        if (isEnabled()) {
            AgentSettings.requireTools(agent, Problems.field(path, "agent"), "agentic parsing's investigating judge", problems);
        }
    }
}
