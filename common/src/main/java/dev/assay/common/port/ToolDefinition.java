package dev.assay.common.port;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/** A tool an agent may call: its name, what it does, and the JSON schema of its input. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record ToolDefinition(String name, String description, JsonNode inputSchema) {
    public ToolDefinition {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("tool: name is required");
        }
        description = description == null ? "" : description;
    }
}
