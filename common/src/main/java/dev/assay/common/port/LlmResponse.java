package dev.assay.common.port;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/**
 * What one LLM call returned.
 *
 * @param content the response text
 * @param usage   tokens and cost of this call ({@link UsageMetadata#EMPTY} when not reported)
 * @param raw     the provider's response body, kept for audit; may be null
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record LlmResponse(String content, UsageMetadata usage, JsonNode raw) {
    public LlmResponse {
        content = content == null ? "" : content;
        usage = usage == null ? UsageMetadata.EMPTY : usage;
    }
}
