package dev.assay.common.message;

import com.fasterxml.jackson.databind.annotation.JsonNaming;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;

/** The result of the tool call {@code toolUseId}, as text; {@code isError} when the tool failed. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record ToolResultBlock(String toolUseId, String content, boolean isError) implements ContentBlock {
    public ToolResultBlock {
        if (toolUseId == null || toolUseId.isBlank()) {
            throw new IllegalArgumentException("tool_result block: tool_use_id is required");
        }
        content = content == null ? "" : content;
    }
}
