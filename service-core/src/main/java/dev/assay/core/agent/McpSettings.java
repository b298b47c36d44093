package dev.assay.core.agent;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;

/** How this service connects agents to their MCP servers. What each agent may do lives in its model config. */
@ConfigMapping(prefix = "assay.agent")
public interface McpSettings {

    /**
     * How long an MCP server gets to start and answer {@code initialize}. A stdio server that exits
     * at once is only noticed when this runs out (the SDK does not watch the process).
     */
    @WithDefault("30s")
    Duration mcpStartupTimeout();
}
