package dev.assay.core.search;

import dev.assay.common.json.Json;
import dev.assay.common.pipeline.SearchResult;
import dev.assay.common.run.SearchToolSettings;
import dev.assay.core.agent.McpConnector;
import dev.assay.core.agent.Toolbox;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Duration;
import java.util.List;

/**
 * A search tool of an MCP server ({@code kind: mcp}), through the agents' {@link McpConnector}: the
 * server is connected when the tool is opened, the tool called with {@code {query_argument: query}},
 * and its text answer is one result.
 */
@ApplicationScoped
public class McpSearchTools implements SearchToolFactory {

    private final McpConnector connector;

    public McpSearchTools(McpConnector connector) {
        this.connector = connector;
    }

    @Override
    public SearchToolSettings.Kind kind() {
        return SearchToolSettings.Kind.MCP;
    }

    @Override
    public SearchTool open(SearchToolSettings settings) {
        Toolbox toolbox;
        try {
            toolbox = connector.open(List.of(settings.mcpServer()), List.of(settings.tool()),
                    Duration.ofSeconds(settings.effectiveTimeoutSeconds()));
        } catch (RuntimeException e) {
            throw new SearchFailedException("search tool " + settings.tool() + " of MCP server " + settings.mcpServer().name() + ": "
                    + e.getMessage(), e);
        }
        return new SearchTool() {
            @Override
            public List<SearchResult> search(String query) {
                Toolbox.ToolOutcome outcome = toolbox.call(settings.tool(),
                        Json.mapper().createObjectNode().put(settings.effectiveQueryArgument(), query));
                if (outcome.isError()) {
                    throw new SearchFailedException("search tool " + settings.tool() + " of MCP server " + settings.mcpServer().name()
                            + ": " + outcome.content());
                }
                return outcome.content().isBlank() ? List.of() : List.of(new SearchResult(settings.tool(), null, outcome.content()));
            }

            @Override
            public void close() {
                toolbox.close();
            }
        };
    }
}
