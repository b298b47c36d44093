package dev.assay.common.port;

import dev.assay.common.message.Message;

import java.util.List;

/**
 * A multi-turn run with tools and MCP servers (stdio or HTTP), ending in a final response.
 * Failures are {@link PortException} subtypes, as for {@link LlmPort}.
 */
public interface AgentPort {

    AgentResult run(List<Message> messages, List<ToolDefinition> tools, List<McpServerConfig> mcpServers,
                    AgentConfig config);

    PortCapabilities capabilities();
}
