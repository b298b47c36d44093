package dev.assay.core.agent;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.json.Json;
import dev.assay.common.port.McpServerConfig;
import dev.assay.common.port.PortExecutionException;
import dev.assay.common.port.ToolDefinition;
import dev.assay.core.llm.SecretResolver;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientSseClientTransport;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;

/**
 * Connects an agent run to its MCP servers with the official MCP Java SDK (stdio, streamable HTTP,
 * SSE), lists their tools and keeps those the model's tool filter names. A server that cannot be
 * reached, started or initialised fails the whole setup with a message naming it; secrets named
 * as {@code ${VAR}} are resolved from this service's environment and never appear in a message.
 */
@ApplicationScoped
public class McpConnector {

    private static final Logger LOG = Logger.getLogger(McpConnector.class);
    /** Longest a server gets to start and answer {@code initialize}: a server that is not up by then will not be. */
    static final Duration MAX_STARTUP = Duration.ofSeconds(30);

    private final SecretResolver secrets;

    public McpConnector(SecretResolver secrets) {
        this.secrets = secrets;
    }

    /**
     * The tools of {@code servers}, or only those {@code filter} names when it is not null.
     *
     * @param callTimeout how long one tool call may take
     * @throws PortExecutionException when a server does not start, or the filter names a tool no server has
     */
    public Toolbox open(List<McpServerConfig> servers, List<String> filter, Duration callTimeout) {
        if (servers.isEmpty()) {
            if (filter != null && !filter.isEmpty()) {
                throw PortExecutionException.permanent("agent.tools names " + filter + " but the agent has no mcp_servers");
            }
            return Toolbox.EMPTY;
        }
        List<McpToolbox.Connection> connections = new ArrayList<>();
        Map<McpToolbox.Connection, List<McpSchema.Tool>> listed = new HashMap<>();
        try {
            for (McpServerConfig server : servers) {
                McpToolbox.Connection connection = connect(server, callTimeout);
                connections.add(connection);
                listed.put(connection, listTools(connection));
            }
            Map<String, McpToolbox.Connection> owners = McpToolbox.owners(connections, listed);
            if (filter != null) {
                Set<String> unknown = new TreeSet<>(filter);
                unknown.removeAll(owners.keySet());
                if (!unknown.isEmpty()) {
                    throw PortExecutionException.permanent("agent.tools names " + String.join(", ", unknown)
                            + ", which no mcp server offers; they offer: " + String.join(", ", owners.keySet()));
                }
                owners.keySet().retainAll(new LinkedHashSet<>(filter));
            }
            List<ToolDefinition> tools = new ArrayList<>();
            for (McpToolbox.Connection connection : connections) {
                for (McpSchema.Tool tool : listed.get(connection)) {
                    if (owners.get(tool.name()) == connection) {
                        tools.add(definition(tool));
                        owners.put(tool.name(), connection);
                    }
                }
            }
            return new McpToolbox(connections, owners, tools);
        } catch (RuntimeException e) {
            connections.forEach(McpToolbox::closeQuietly);
            throw e;
        }
    }

    private McpToolbox.Connection connect(McpServerConfig server, Duration callTimeout) {
        McpClientTransport transport = transport(server);
        McpSyncClient client = McpClient.sync(transport)
                .clientInfo(new McpSchema.Implementation("assay", "1"))
                .requestTimeout(callTimeout)
                .initializationTimeout(MAX_STARTUP)
                .build();
        McpToolbox.Connection connection = new McpToolbox.Connection(server, client);
        try {
            client.initialize();
            return connection;
        } catch (RuntimeException e) {
            McpToolbox.closeQuietly(connection);
            throw PortExecutionException.permanent("mcp server \"" + server.name() + "\" (" + describe(server)
                    + ") did not start: " + reason(e));
        }
    }

    private static List<McpSchema.Tool> listTools(McpToolbox.Connection connection) {
        try {
            McpSchema.ListToolsResult result = connection.client().listTools();
            return result.tools() == null ? List.of() : result.tools();
        } catch (RuntimeException e) {
            throw PortExecutionException.permanent("mcp server \"" + connection.server().name() + "\" did not list its tools: "
                    + reason(e));
        }
    }

    private McpClientTransport transport(McpServerConfig server) {
        McpJsonMapper json = McpJsonMapper.getDefault();
        return switch (server.transport()) {
            case STDIO -> {
                StdioClientTransport stdio = new StdioClientTransport(ServerParameters.builder(server.command())
                        .args(server.args()).env(resolve(server, "env", server.env())).build(), json);
                // a server's own log lines: useful when it misbehaves, noise otherwise
                stdio.setStdErrorHandler(line -> LOG.debugf("mcp server %s: %s", server.name(), line));
                yield stdio;
            }
            case HTTP -> {
                URI uri = URI.create(server.url());
                Map<String, String> headers = resolve(server, "headers", server.headers());
                yield HttpClientStreamableHttpTransport.builder(origin(uri)).endpoint(pathOf(uri)).jsonMapper(json)
                        .customizeRequest(request -> headers.forEach(request::header)).build();
            }
            case SSE -> {
                URI uri = URI.create(server.url());
                Map<String, String> headers = resolve(server, "headers", server.headers());
                yield HttpClientSseClientTransport.builder(origin(uri)).sseEndpoint(pathOf(uri)).jsonMapper(json)
                        .customizeRequest(request -> headers.forEach(request::header)).build();
            }
        };
    }

    /** Values with every {@code ${VAR}} replaced from this service's environment. */
    private Map<String, String> resolve(McpServerConfig server, String field, Map<String, String> values) {
        Map<String, String> resolved = new LinkedHashMap<>();
        values.forEach((key, value) -> {
            Matcher matcher = McpServerConfig.ENV_REFERENCE.matcher(value == null ? "" : value);
            StringBuilder text = new StringBuilder();
            while (matcher.find()) {
                String variable = matcher.group(1);
                String secret = secrets.resolve(variable).orElseThrow(() -> PortExecutionException.permanent(
                        "mcp server \"" + server.name() + "\": " + field + "." + key + " names the environment variable "
                                + variable + ", which is not set for this service"));
                matcher.appendReplacement(text, Matcher.quoteReplacement(secret));
            }
            matcher.appendTail(text);
            resolved.put(key, text.toString());
        });
        return resolved;
    }

    static ToolDefinition definition(McpSchema.Tool tool) {
        JsonNode schema = tool.inputSchema() == null ? Json.mapper().createObjectNode().put("type", "object")
                : Json.mapper().valueToTree(tool.inputSchema());
        return new ToolDefinition(tool.name(), tool.description(), schema);
    }

    private static String origin(URI uri) {
        return uri.getScheme() + "://" + uri.getRawAuthority();
    }

    private static String pathOf(URI uri) {
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        return uri.getRawQuery() == null ? path : path + "?" + uri.getRawQuery();
    }

    /** How the server is reached, without any header or environment value (they may be secrets). */
    private static String describe(McpServerConfig server) {
        return switch (server.transport()) {
            case STDIO -> "stdio: " + String.join(" ", prepend(server.command(), server.args()));
            case HTTP, SSE -> server.transport().wireName() + ": " + server.url();
        };
    }

    private static List<String> prepend(String first, List<String> rest) {
        List<String> all = new ArrayList<>();
        all.add(first);
        all.addAll(rest);
        return all;
    }

    /** The innermost cause's message: the SDK wraps the reason (no such file, connection refused) a few levels deep. */
    private static String reason(Throwable error) {
        Throwable cause = error;
        String message = error.getMessage();
        while (cause.getCause() != null && cause.getCause() != cause) {
            cause = cause.getCause();
            if (cause.getMessage() != null) {
                message = cause.getMessage();
            }
        }
        return message == null ? cause.getClass().getSimpleName() : message;
    }
}
