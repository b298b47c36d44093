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
import jakarta.inject.Inject;
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

/**
 * Connects an agent run to its MCP servers with the official MCP Java SDK (stdio, streamable HTTP,
 * SSE), lists their tools and keeps those the model's tool filter names. A server that cannot be
 * reached, started or initialised fails the whole setup with a message naming it; secrets named
 * as {@code ${VAR}} are resolved from this service's environment and never appear in a message.
 */
@ApplicationScoped
public class McpConnector {

    private static final Logger LOG = Logger.getLogger(McpConnector.class);

    private final SecretResolver secrets;
    private final Duration startupTimeout;

    @Inject
    public McpConnector(SecretResolver secrets, McpSettings settings) {
        this(secrets, settings.mcpStartupTimeout());
    }

    public McpConnector(SecretResolver secrets, Duration startupTimeout) {
        this.secrets = secrets;
        this.startupTimeout = startupTimeout;
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
        if (server.transport() == McpServerConfig.Transport.STDIO && !executable(server.command())) {
            // the SDK would only notice when initialize times out, half a minute later
            throw PortExecutionException.permanent("mcp server \"" + server.name() + "\" (" + describe(server)
                    + ") did not start: no executable \"" + server.command() + "\""
                    + (server.command().contains("/") ? "" : " on this service's PATH"));
        }
        McpClientTransport transport = transport(server);
        McpSyncClient client = McpClient.sync(transport)
                .clientInfo(new McpSchema.Implementation("assay", "1"))
                .requestTimeout(callTimeout)
                .initializationTimeout(startupTimeout)
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

    /** Whether {@code command} names an executable file, as a path or on the PATH. */
    static boolean executable(String command) {
        if (command.contains("/")) {
            return java.nio.file.Files.isExecutable(java.nio.file.Path.of(command));
        }
        String path = System.getenv("PATH");
        if (path == null) {
            return true; // nothing to search: let the process start tell
        }
        for (String directory : path.split(java.io.File.pathSeparator)) {
            if (!directory.isEmpty() && java.nio.file.Files.isExecutable(java.nio.file.Path.of(directory, command))) {
                return true;
            }
        }
        return false;
    }

    private Map<String, String> resolve(McpServerConfig server, String field, Map<String, String> values) {
        return EnvReferences.resolve(secrets, "mcp server \"" + server.name() + "\"", field, values);
    }

    SecretResolver secrets() {
        return secrets;
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
            case STDIO -> "stdio: " + abbreviated(String.join(" ", prepend(server.command(), server.args())));
            case HTTP, SSE -> server.transport().wireName() + ": " + server.url();
        };
    }

    /** A command line shortened to what a message can show (a class path can run to pages). */
    private static String abbreviated(String commandLine) {
        return commandLine.length() <= 160 ? commandLine : commandLine.substring(0, 120) + " … " + commandLine.substring(commandLine.length() - 30);
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
