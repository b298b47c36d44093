package dev.assay.core.agent;

import dev.assay.common.port.HttpToolConfig;
import dev.assay.common.port.McpServerConfig;
import dev.assay.core.llm.SecretResolver;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.net.http.HttpClient;
import java.time.Duration;
import java.util.List;

/**
 * Opens the tools of one agent run (docs/agents.md): its MCP servers' ({@link McpConnector}) and
 * the http tools its config declares, as one toolbox with the model's tool filter applied.
 */
@ApplicationScoped
public class ToolConnector {

    private final McpConnector mcp;
    private final SecretResolver secrets;
    private final HttpClient http;

    @Inject
    public ToolConnector(McpConnector mcp, SecretResolver secrets) {
        this.mcp = mcp;
        this.secrets = secrets;
        this.http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10))
                .followRedirects(HttpClient.Redirect.NORMAL).build();
    }

    /** Over {@code mcp}, with its secrets. */
    public ToolConnector(McpConnector mcp) {
        this(mcp, mcp.secrets());
    }

    /**
     * @param callTimeout how long one tool call may take
     * @throws dev.assay.common.port.PortExecutionException when a server does not start, a header names a
     *                                                      variable that is not set, or the filter names a tool nobody offers
     */
    public Toolbox open(List<McpServerConfig> servers, List<HttpToolConfig> httpTools, List<String> filter, Duration callTimeout) {
        return open(Toolbox.EMPTY, servers, httpTools, filter, callTimeout);
    }

    /**
     * As {@link #open(List, List, List, Duration)}, with {@code builtIn} (a workspace's file tools)
     * offered first, whatever the filter.
     */
    public Toolbox open(Toolbox builtIn, List<McpServerConfig> servers, List<HttpToolConfig> httpTools, List<String> filter,
                        Duration callTimeout) {
        Toolbox serverTools = mcp.open(servers, null, callTimeout);
        try {
            Toolbox declared = httpTools.isEmpty() ? Toolbox.EMPTY : HttpToolbox.open(http, secrets, httpTools, callTimeout);
            return CombinedToolbox.of(builtIn, serverTools, declared, filter);
        } catch (RuntimeException e) {
            serverTools.close();
            throw e;
        }
    }
}
