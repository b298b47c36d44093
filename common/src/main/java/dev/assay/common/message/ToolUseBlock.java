package dev.assay.common.message;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;

/** The model asks for a tool to be called with {@code input} (a JSON object). */
public record ToolUseBlock(String id, String name, JsonNode input) implements ContentBlock {
    public ToolUseBlock {
        if (id == null || id.isBlank()) {
            throw new IllegalArgumentException("tool_use block: id is required");
        }
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("tool_use block " + id + ": name is required");
        }
        if (input == null || input.isNull()) {
            input = JsonNodeFactory.instance.objectNode();
        }
    }
}
