package dev.assay.common.port;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.assay.common.message.Message;
import dev.assay.common.message.TextBlock;
import dev.assay.common.message.ToolUseBlock;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The parsing stage's guards on an agent's trace (Karenina's 3 and 4), and its text form. */
class AgentTraceTest {

    private static final Message QUESTION = Message.user("On which chromosome is BRCA1?");
    private static final Message CALL = Message.assistant(List.of(new TextBlock("Let me look."),
            new ToolUseBlock("c1", "lookup", JsonNodeFactory.instance.objectNode().put("key", "BRCA1"))));
    private static final Message RESULT = Message.toolResult("c1", "chromosome 17");

    private static AgentResult run(List<Message> trace, boolean limitReached) {
        return new AgentResult("", AgentTrace.raw(trace), trace, UsageMetadata.EMPTY, 2, limitReached, null, null);
    }

    @Test
    void aTraceEndingWithAnAnswerPasses() {
        assertThat(AgentTrace.problem(run(List.of(QUESTION, CALL, RESULT, Message.assistant("Chromosome 17.")), false))).isEmpty();
    }

    @Test
    void aTraceEndingOnAToolCallIsCaught() {
        assertThat(AgentTrace.problem(run(List.of(QUESTION, CALL), false))).get().asString()
                .isEqualTo("the agent's trace ends on a tool call (lookup) that was never answered: there is no final answer");
    }

    @Test
    void aTraceEndingOnAToolResultIsCaught() {
        assertThat(AgentTrace.problem(run(List.of(QUESTION, CALL, RESULT), false))).get().asString()
                .contains("does not end with the agent's answer: its last message is a tool message");
    }

    @Test
    void theTurnLimitComesFirst() {
        assertThat(AgentTrace.problem(run(List.of(QUESTION, CALL, RESULT, Message.assistant("Partial.")), true))).get().asString()
                .startsWith("the agent reached its turn limit (2 turns");
    }

    @Test
    void theRetryPlaceholderIsCaught() {
        Message placeholder = AgentTrace.retryExhausted("openai:m: rate limited");
        assertThat(AgentTrace.problem(run(List.of(QUESTION, CALL, RESULT, placeholder), false))).get().asString()
                .startsWith("the agent's trace ends with a model call that failed after its retries: [assay: the model call failed");
    }

    @Test
    void anEmptyOrSilentTraceIsCaught() {
        assertThat(AgentTrace.problem(run(List.of(), false))).get().asString().contains("empty");
        assertThat(AgentTrace.problem(run(List.of(QUESTION, Message.assistant(" ")), false))).get().asString().contains("no text");
    }

    @Test
    void theRawTraceIsDelimitedMessageByMessage() {
        assertThat(AgentTrace.raw(List.of(QUESTION, CALL, Message.toolResult("c1", "boom", true), Message.assistant("Sorry."))))
                .isEqualTo("""
                        --- Human Message ---
                        On which chromosome is BRCA1?

                        --- AI Message ---
                        Let me look.
                        Tool Calls:
                          lookup (call_id: c1) {"key":"BRCA1"}

                        --- Tool Message (call_id: c1, error) ---
                        boom

                        --- AI Message ---
                        Sorry.
                        """);
    }
}
