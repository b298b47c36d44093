package dev.assay.common.port;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.assay.common.message.ToolUseBlock;

import java.util.List;

/**
 * What one LLM call returned.
 *
 * @param content the response text
 * @param usage   tokens and cost of this call ({@link UsageMetadata#EMPTY} when not reported)
 * @param raw     the provider's response body, kept for audit; may be null
 * @param toolCalls the tools the model asks to call instead of (or besides) answering; empty without tools
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record LlmResponse(String content, UsageMetadata usage, JsonNode raw, List<ToolUseBlock> toolCalls) {
    public LlmResponse {
        content = content == null ? "" : content;
        usage = usage == null ? UsageMetadata.EMPTY : usage;
        toolCalls = toolCalls == null ? List.of() : List.copyOf(toolCalls);
    }

    /** A text answer, no tool call. */
    public LlmResponse(String content, UsageMetadata usage, JsonNode raw) {
        this(content, usage, raw, null);
    }

    /** This response with another usage (e.g. its cost added). */
    public LlmResponse withUsage(UsageMetadata newUsage) {
        return new LlmResponse(content, newUsage, raw, toolCalls);
    }
}
