package dev.assay.common.port;

import dev.assay.common.json.Json;
import dev.assay.common.message.ContentBlock;
import dev.assay.common.message.Message;
import dev.assay.common.message.Role;
import dev.assay.common.message.TextBlock;
import dev.assay.common.message.ThinkingBlock;
import dev.assay.common.message.ToolResultBlock;
import dev.assay.common.message.ToolUseBlock;

import java.util.List;
import java.util.Optional;

/**
 * The text form of an agent's trace and the checks the parsing stage makes of it (Karenina's
 * guards): a run that hit its turn limit, a trace that does not end with the agent's answer, a
 * trace whose last message is the placeholder left when a model call's retries ran out.
 */
public final class AgentTrace {

    /**
     * Starts the assistant message an agent leaves in its trace when a model call failed for good
     * (retries exhausted, or an error not worth retrying): the trace then ends on it, not on an answer.
     */
    public static final String RETRY_EXHAUSTED_PLACEHOLDER = "[assay: the model call failed after its retries";

    private AgentTrace() {
    }

    /** The placeholder message for a model call that failed with {@code reason}. */
    public static Message retryExhausted(String reason) {
        return Message.assistant(RETRY_EXHAUSTED_PLACEHOLDER + ": " + reason + "]");
    }

    /**
     * The trace as delimited text, one section a message:
     * {@code --- AI Message ---}, {@code --- Tool Message (call_id: …) ---}, … with tool calls
     * written as {@code Tool Calls:} lines of name, id and arguments.
     */
    public static String raw(List<Message> messages) {
        StringBuilder text = new StringBuilder();
        for (Message message : messages) {
            if (message.role() == Role.TOOL) {
                for (ContentBlock block : message.content()) {
                    if (block instanceof ToolResultBlock result) {
                        section(text, "Tool Message (call_id: " + result.toolUseId() + (result.isError() ? ", error" : "") + ")");
                        text.append(result.content()).append('\n');
                    }
                }
                continue;
            }
            section(text, switch (message.role()) {
                case SYSTEM -> "System Message";
                case USER -> "Human Message";
                default -> "AI Message";
            });
            for (ContentBlock block : message.content()) {
                if (block instanceof TextBlock t && !t.text().isEmpty()) {
                    text.append(t.text()).append('\n');
                } else if (block instanceof ThinkingBlock thinking && thinking.thinking() != null) {
                    text.append("Thinking: ").append(thinking.thinking()).append('\n');
                }
            }
            List<ToolUseBlock> uses = message.toolUses();
            if (!uses.isEmpty()) {
                text.append("Tool Calls:\n");
                for (ToolUseBlock use : uses) {
                    text.append("  ").append(use.name()).append(" (call_id: ").append(use.id()).append(") ")
                            .append(Json.write(use.input())).append('\n');
                }
            }
        }
        return text.toString();
    }

    private static void section(StringBuilder text, String title) {
        if (!text.isEmpty()) {
            text.append('\n');
        }
        text.append("--- ").append(title).append(" ---\n");
    }

    /**
     * Why the parsing stage must not judge this run's answer, or empty when it may: the turn
     * limit was hit; the trace's last message is a retry placeholder; the trace does not end with
     * an assistant message that answers (no tool call left open, some text).
     */
    public static Optional<String> problem(AgentResult result) {
        if (result.limitReached()) {
            return Optional.of("the agent reached its turn limit (" + result.turns()
                    + " turns, max_turns) before answering: the run was cut off");
        }
        List<Message> trace = result.traceMessages();
        if (trace.isEmpty()) {
            return Optional.of("the agent's trace is empty: there is no answer to judge");
        }
        Message last = trace.get(trace.size() - 1);
        if (last.role() == Role.ASSISTANT && last.text().startsWith(RETRY_EXHAUSTED_PLACEHOLDER)) {
            return Optional.of("the agent's trace ends with a model call that failed after its retries: " + last.text());
        }
        if (last.role() != Role.ASSISTANT) {
            return Optional.of("the agent's trace does not end with the agent's answer: its last message is a "
                    + last.role().name().toLowerCase(java.util.Locale.ROOT) + " message");
        }
        if (!last.toolUses().isEmpty()) {
            return Optional.of("the agent's trace ends on a tool call (" + last.toolUses().get(0).name()
                    + ") that was never answered: there is no final answer");
        }
        if (last.text().isBlank()) {
            return Optional.of("the agent's last message has no text: there is no answer to judge");
        }
        return Optional.empty();
    }
}
