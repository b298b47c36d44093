package dev.assay.common.port;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.assay.common.message.Message;

import java.util.List;

/**
 * What an agent run produced.
 *
 * @param finalResponse the last assistant text: the answer that gets parsed
 * @param rawTrace      the whole trace as text, for display and the empty-trace guard
 * @param traceMessages every message of the run, in order, tool calls and results included
 * @param usage         tokens and cost summed over every turn
 * @param turns         how many model turns were taken
 * @param limitReached  true when the run stopped at {@code maxTurns} (an auto-fail for parsing)
 * @param sessionId     the backend's session id, when it has one
 * @param actualModel   the model the backend reports having used, when it differs from the request
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record AgentResult(String finalResponse, String rawTrace, List<Message> traceMessages, UsageMetadata usage,
                          int turns, boolean limitReached, String sessionId, String actualModel) {
    public AgentResult {
        finalResponse = finalResponse == null ? "" : finalResponse;
        rawTrace = rawTrace == null ? "" : rawTrace;
        traceMessages = traceMessages == null ? List.of() : List.copyOf(traceMessages);
        usage = usage == null ? UsageMetadata.EMPTY : usage;
        if (turns < 0) {
            throw new IllegalArgumentException("agent result: turns must not be negative, got " + turns);
        }
    }
}
