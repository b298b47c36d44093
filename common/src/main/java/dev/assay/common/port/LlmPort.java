package dev.assay.common.port;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.message.Message;

import java.util.List;

/**
 * One stateless LLM call. Implementations are adapters over a provider (OpenAI-compatible,
 * Anthropic, ...); the stages see only this port.
 *
 * <p>Failures are thrown as {@link PortException} subtypes so a stage can tell a rate limit
 * from a timeout from malformed output. Messages of these exceptions never contain API keys.
 */
public interface LlmPort {

    LlmResponse invoke(List<Message> messages);

    /**
     * One turn of an agent: the model may answer or ask for some of {@code tools} to be called
     * ({@link LlmResponse#toolCalls()}). Adapters without tool calling take no tools.
     */
    default LlmResponse invoke(List<Message> messages, List<ToolDefinition> tools) {
        if (tools.isEmpty()) {
            return invoke(messages);
        }
        throw PortExecutionException.permanent("this model's interface does not offer tools to the model; "
                + "agents run on the openai and anthropic interfaces");
    }

    /** A port whose responses are constrained to {@code jsonSchema} (natively or by instruction). */
    LlmPort withStructuredOutput(JsonNode jsonSchema);

    PortCapabilities capabilities();
}
