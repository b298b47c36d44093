package dev.assay.common.port;

import com.fasterxml.jackson.annotation.JsonInclude;
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
 * @param workspace     an answering agent's workspace as the job left it, when it had one (docs/agents.md)
 * @param workspaceFilesRead an investigating judge's run: the answering agent's workspace files it read, in
 *                      the order it first read them; absent when it was given no workspace
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record AgentResult(String finalResponse, String rawTrace, List<Message> traceMessages, UsageMetadata usage,
                          int turns, boolean limitReached, String sessionId, String actualModel,
                          @JsonInclude(JsonInclude.Include.NON_NULL) WorkspaceSnapshot workspace,
                          @JsonInclude(JsonInclude.Include.NON_NULL) List<String> workspaceFilesRead) {
    public AgentResult {
        finalResponse = finalResponse == null ? "" : finalResponse;
        rawTrace = rawTrace == null ? "" : rawTrace;
        traceMessages = traceMessages == null ? List.of() : List.copyOf(traceMessages);
        usage = usage == null ? UsageMetadata.EMPTY : usage;
        if (turns < 0) {
            throw new IllegalArgumentException("agent result: turns must not be negative, got " + turns);
        }
        workspaceFilesRead = workspaceFilesRead == null ? null : List.copyOf(workspaceFilesRead);
    }

    /** A run without a workspace. */
    public AgentResult(String finalResponse, String rawTrace, List<Message> traceMessages, UsageMetadata usage, int turns,
                       boolean limitReached, String sessionId, String actualModel) {
        this(finalResponse, rawTrace, traceMessages, usage, turns, limitReached, sessionId, actualModel, null, null);
    }

    /** This run with the answering agent's workspace as its job left it. */
    public AgentResult withWorkspace(WorkspaceSnapshot snapshot) {
        return new AgentResult(finalResponse, rawTrace, traceMessages, usage, turns, limitReached, sessionId, actualModel, snapshot,
                workspaceFilesRead);
    }

    /** This investigation with the workspace files the judge read. */
    public AgentResult withWorkspaceFilesRead(List<String> paths) {
        return new AgentResult(finalResponse, rawTrace, traceMessages, usage, turns, limitReached, sessionId, actualModel, workspace,
                paths);
    }
}
