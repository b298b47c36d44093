package dev.assay.testsupport.mcp;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpServerTransportProviderBase;
import io.modelcontextprotocol.spec.McpStreamableServerTransportProvider;
import org.eclipse.jetty.ee11.servlet.ServletContextHandler;
import org.eclipse.jetty.ee11.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A real MCP server for the agent's tests, built on the official MCP Java SDK's server side. Its
 * tools answer deterministically:
 * <ul>
 *   <li>{@code lookup(key)}: a fact from a small table ({@value #UNKNOWN} for keys it lacks)</li>
 *   <li>{@code add(a, b)}: the sum of two integers</li>
 *   <li>{@code broken()}: always fails, as an error result ({@code isError})</li>
 *   <li>{@code crash()}: its handler throws, so the SDK answers with a protocol error</li>
 * </ul>
 * Over stdio it runs as a child process ({@link #stdioCommand()}, this class's {@code main});
 * over streamable HTTP it runs in this JVM on 127.0.0.1 ({@link #startHttp()}).
 */
public final class TestMcpServer {

    public static final Map<String, String> FACTS = Map.of(
            "BRCA1", "BRCA1 lies on chromosome 17 (17q21.31).",
            "TP53", "TP53 lies on chromosome 17 (17p13.1).");
    public static final String UNKNOWN = "no fact for that key";
    public static final String BROKEN_MESSAGE = "the broken tool always fails";

    private TestMcpServer() {
    }

    /** Serves over stdin/stdout until stdin closes. */
    public static void main(String[] args) throws InterruptedException {
        McpSyncServer server = build(McpServer.sync(new StdioServerTransportProvider(McpJsonMapper.getDefault())));
        // the transport reads stdin on threads of its own; the process ends when the client closes it (or kills us)
        Thread.currentThread().join();
        server.close();
    }

    /**
     * The command line that runs this server over stdio: this JVM's java, this JVM's class path.
     * Surefire's class path may be a manifest-only jar; {@code -cp} honours its Class-Path.
     */
    public static List<String> stdioCommand() {
        String java = ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        List<String> command = new ArrayList<>();
        command.add(java);
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(TestMcpServer.class.getName());
        return command;
    }

    /** The server over streamable HTTP at {@code http://127.0.0.1:<port>/mcp}, in this JVM; close it when done. */
    public static Http startHttp() {
        HttpServletStreamableServerTransportProvider transport = HttpServletStreamableServerTransportProvider.builder()
                .jsonMapper(McpJsonMapper.getDefault())
                .mcpEndpoint("/mcp")
                .build();
        McpSyncServer mcp = build(McpServer.sync((McpStreamableServerTransportProvider) transport));
        Server jetty = new Server();
        ServerConnector connector = new ServerConnector(jetty);
        connector.setHost("127.0.0.1");
        connector.setPort(0);
        jetty.addConnector(connector);
        ServletContextHandler context = new ServletContextHandler();
        context.setContextPath("/");
        ServletHolder holder = new ServletHolder(transport);
        holder.setAsyncSupported(true);
        context.addServlet(holder, "/*");
        jetty.setHandler(context);
        try {
            jetty.start();
        } catch (Exception e) {
            mcp.close();
            throw new IllegalStateException("the test MCP server did not start on 127.0.0.1: " + e.getMessage(), e);
        }
        return new Http(jetty, mcp, "http://127.0.0.1:" + connector.getLocalPort() + "/mcp");
    }

    /** A running HTTP server. */
    public record Http(Server jetty, McpSyncServer mcp, String url) implements AutoCloseable {
        @Override
        public void close() {
            mcp.closeGracefully();
            try {
                jetty.stop();
            } catch (Exception e) {
                throw new IllegalStateException("stopping the test MCP server: " + e.getMessage(), e);
            }
        }
    }

    private static McpSyncServer build(McpServer.SyncSpecification<?> spec) {
        McpJsonMapper json = McpJsonMapper.getDefault();
        return spec.serverInfo("assay-test-mcp", "1")
                .capabilities(McpSchema.ServerCapabilities.builder().tools(true).build())
                .tools(
                        tool(json, "lookup", "Looks up a fact about a gene by its symbol.",
                                "{\"type\":\"object\",\"properties\":{\"key\":{\"type\":\"string\",\"description\":\"a gene symbol\"}},\"required\":[\"key\"]}",
                                arguments -> text(FACTS.getOrDefault(String.valueOf(arguments.get("key")), UNKNOWN))),
                        tool(json, "add", "Adds two integers.",
                                "{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"integer\"},\"b\":{\"type\":\"integer\"}},\"required\":[\"a\",\"b\"]}",
                                arguments -> text(String.valueOf(((Number) arguments.get("a")).longValue()
                                        + ((Number) arguments.get("b")).longValue()))),
                        tool(json, "broken", "A tool that always fails.", "{\"type\":\"object\",\"properties\":{}}",
                                arguments -> McpSchema.CallToolResult.builder().addTextContent(BROKEN_MESSAGE).isError(true).build()),
                        tool(json, "crash", "A tool whose handler throws.", "{\"type\":\"object\",\"properties\":{}}",
                                arguments -> {
                                    throw new IllegalStateException("crash tool threw");
                                }))
                .build();
    }

    private static McpSchema.CallToolResult text(String text) {
        return McpSchema.CallToolResult.builder().addTextContent(text).isError(false).build();
    }

    private static McpServerFeatures.SyncToolSpecification tool(McpJsonMapper json, String name, String description, String schema,
                                                                java.util.function.Function<Map<String, Object>, McpSchema.CallToolResult> handler) {
        return McpServerFeatures.SyncToolSpecification.builder()
                .tool(McpSchema.Tool.builder().name(name).description(description).inputSchema(json, schema).build())
                .callHandler((exchange, request) -> handler.apply(request.arguments() == null ? Map.of() : request.arguments()))
                .build();
    }
}
