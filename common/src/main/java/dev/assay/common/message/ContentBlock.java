package dev.assay.common.message;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

/**
 * One block of a message's content. The wire form carries a {@code type} discriminator:
 * {@code text}, {@code tool_use}, {@code tool_result} or {@code thinking}.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({
        @JsonSubTypes.Type(value = TextBlock.class, name = "text"),
        @JsonSubTypes.Type(value = ToolUseBlock.class, name = "tool_use"),
        @JsonSubTypes.Type(value = ToolResultBlock.class, name = "tool_result"),
        @JsonSubTypes.Type(value = ThinkingBlock.class, name = "thinking"),
})
public sealed interface ContentBlock permits TextBlock, ToolUseBlock, ToolResultBlock, ThinkingBlock {
}
