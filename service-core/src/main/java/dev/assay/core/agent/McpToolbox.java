package dev.assay.core.agent;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.json.Json;
import dev.assay.common.port.McpServerConfig;
import dev.assay.common.port.ToolDefinition;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import org.jboss.logging.Logger;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** The tools of an agent's MCP servers, each tool called on the server that listed it. */
final class McpToolbox implements Toolbox {

    private static final Logger LOG = Logger.getLogger(McpToolbox.class);

    /** A connected server and its name in the run config. */
    record Connection(McpServerConfig server, McpSyncClient client) {
    }

    private final List<Connection> connections;
    private final Map<String, Connection> owners;
    private final List<ToolDefinition> tools;

    McpToolbox(List<Connection> connections, Map<String, Connection> owners, List<ToolDefinition> tools) {
        this.connections = List.copyOf(connections);
        this.owners = Map.copyOf(owners);
        this.tools = List.copyOf(tools);
    }

    @Override
    public List<ToolDefinition> tools() {
        return tools;
    }

    @Override
    @SuppressWarnings("unchecked")
    public ToolOutcome call(String name, JsonNode input) {
        Connection owner = owners.get(name);
        if (owner == null) {
            return ToolOutcome.error("no tool named \"" + name + "\"; the tools are: "
                    + tools.stream().map(ToolDefinition::name).collect(Collectors.joining(", ")));
        }
        try {
            Map<String, Object> arguments = Json.mapper().convertValue(input, Map.class);
            McpSchema.CallToolResult result = owner.client().callTool(new McpSchema.CallToolRequest(name, arguments));
            return new ToolOutcome(text(result.content()), Boolean.TRUE.equals(result.isError()));
        } catch (RuntimeException e) {
            // a protocol error, a timeout, a server gone: the model reads it as the tool's failure and may go on
            LOG.debugf("tool %s of mcp server %s failed: %s", name, owner.server().name(), e.getMessage());
            return ToolOutcome.error("tool \"" + name + "\" of mcp server \"" + owner.server().name() + "\" failed: "
                    + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()));
        }
    }

    /** Text content as it is; any other kind named, so the model knows something came that it cannot read. */
    static String text(List<McpSchema.Content> content) {
        if (content == null) {
            return "";
        }
        List<String> parts = new ArrayList<>();
        for (McpSchema.Content item : content) {
            if (item instanceof McpSchema.TextContent text) {
                parts.add(text.text());
            } else if (item instanceof McpSchema.EmbeddedResource embedded
                    && embedded.resource() instanceof McpSchema.TextResourceContents resource) {
                parts.add(resource.text());
            } else {
                parts.add("[" + item.type() + " content]");
            }
        }
        return String.join("\n", parts);
    }

    @Override
    public void close() {
        for (Connection connection : connections) {
            closeQuietly(connection);
        }
    }

    static void closeQuietly(Connection connection) {
        try {
            if (!connection.client().closeGracefully()) {
                connection.client().close();
            }
        } catch (RuntimeException e) {
            LOG.debugf("closing mcp server %s: %s", connection.server().name(), e.getMessage());
        }
    }

    /** Tools by name, first server first; a later server's tool of a name already taken is left out. */
    static Map<String, Connection> owners(List<Connection> connections, Map<Connection, List<McpSchema.Tool>> listed) {
        Map<String, Connection> owners = new LinkedHashMap<>();
        for (Connection connection : connections) {
            for (McpSchema.Tool tool : listed.get(connection)) {
                owners.putIfAbsent(tool.name(), connection);
            }
        }
        return owners;
    }
}
