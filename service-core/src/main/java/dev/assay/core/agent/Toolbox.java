package dev.assay.core.agent;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.port.ToolDefinition;

import java.util.List;

/** The tools one agent run may call, open for the length of the run. */
public interface Toolbox extends AutoCloseable {

    /** What the model is offered, in order. */
    List<ToolDefinition> tools();

    /**
     * Calls {@code name} with {@code input}. Never throws for a tool's own failure (an unknown tool,
     * bad arguments, an error of the server): that comes back as an error result for the model to read.
     */
    ToolOutcome call(String name, JsonNode input);

    @Override
    void close();

    /** A tool's answer as text; {@code isError} when the tool failed. */
    record ToolOutcome(String content, boolean isError) {
        public ToolOutcome {
            content = content == null ? "" : content;
        }

        public static ToolOutcome error(String message) {
            return new ToolOutcome(message, true);
        }
    }

    /** No tools at all. */
    Toolbox EMPTY = new Toolbox() {
        @Override
        public List<ToolDefinition> tools() {
            return List.of();
        }

        @Override
        public ToolOutcome call(String name, JsonNode input) {
            return ToolOutcome.error("no tool named \"" + name + "\": this agent has no tools");
        }

        @Override
        public void close() {
        }
    };
}
