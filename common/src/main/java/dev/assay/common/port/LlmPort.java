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

    /** A port whose responses are constrained to {@code jsonSchema} (natively or by instruction). */
    LlmPort withStructuredOutput(JsonNode jsonSchema);

    PortCapabilities capabilities();
}
