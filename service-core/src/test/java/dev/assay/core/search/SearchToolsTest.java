package dev.assay.core.search;

import dev.assay.common.pipeline.Excerpt;
import dev.assay.common.pipeline.SearchResult;
import dev.assay.common.port.McpServerConfig;
import dev.assay.common.run.SearchToolSettings;
import dev.assay.core.agent.McpConnector;
import dev.assay.core.llm.SecretResolver;
import dev.assay.testsupport.StubSearchServer;
import dev.assay.testsupport.mcp.TestMcpServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The search tools deep judgment searches excerpts with: an MCP server's tool (the SDK-built test
 * server over streamable HTTP on 127.0.0.1) and a Tavily-compatible HTTP API (the stub search server).
 */
class SearchToolsTest {

    private static TestMcpServer.Http mcp;
    private static StubSearchServer http;

    /** Only SEARCH_KEY is set, as a service's environment would hold it. */
    private static final SecretResolver SECRETS = new SecretResolver() {
        @Override
        public Optional<String> resolve(String name) {
            return "SEARCH_KEY".equals(name) ? Optional.of("tvly-unit-secret") : Optional.empty();
        }
    };

    private final SearchTools tools = new SearchTools(List.of(new HttpSearchTools(SECRETS),
            new McpSearchTools(new McpConnector(SECRETS, Duration.ofSeconds(60)))));

    @BeforeAll
    static void start() {
        mcp = TestMcpServer.startHttp();
        http = StubSearchServer.start();
    }

    @AfterAll
    static void stop() {
        mcp.close();
        http.close();
    }

    @Test
    void anMcpToolIsCalledWithEachExcerptAsItsQueryArgumentAndItsTextIsTheResult() {
        ExcerptSearch.Searched searched = ExcerptSearch.search(tools, mcpTool("lookup"),
                Map.of("gene", List.of(new Excerpt("BRCA1", "high", 1.0))));

        assertThat(searched.failure()).isNull();
        assertThat(searched.excerpts().get("gene").get(0).searchResults())
                .containsExactly(new SearchResult("lookup", null, TestMcpServer.FACTS.get("BRCA1")));
    }

    @Test
    void aFailingMcpToolIsRecordedAndTheExcerptsKeptAsTheyWere() {
        Excerpt excerpt = new Excerpt("BRCA1", "high", 1.0);
        ExcerptSearch.Searched searched = ExcerptSearch.search(tools, mcpTool("broken"), Map.of("gene", List.of(excerpt)));

        assertThat(searched.searched()).isFalse();
        assertThat(searched.failure()).contains("search tool broken of MCP server facts", TestMcpServer.BROKEN_MESSAGE);
        assertThat(searched.excerpts().get("gene")).containsExactly(excerpt);
    }

    @Test
    void theHttpToolSendsTheNamedKeyAndAMissingVariableIsNamedNeverValued() {
        http.when("Paris", List.of(Map.of("title", "Paris", "content", "Paris is the capital of France.")));
        ExcerptSearch.Searched searched = ExcerptSearch.search(tools, SearchToolSettings.http(http.url(), "${SEARCH_KEY}"),
                Map.of("city", List.of(new Excerpt("Paris", "high", 1.0))));

        assertThat(searched.excerpts().get("city").get(0).searchResults()).extracting(SearchResult::content)
                .containsExactly("Paris is the capital of France.");
        assertThat(http.requests()).singleElement().satisfies(request -> {
            assertThat(request.authorization()).isEqualTo("Bearer tvly-unit-secret");
            assertThat(request.body().path("search_depth").asText()).isEqualTo("basic");
        });

        ExcerptSearch.Searched unset = ExcerptSearch.search(tools, SearchToolSettings.http(http.url(), "${OTHER_KEY}"),
                Map.of("city", List.of(new Excerpt("Paris", "high", 1.0))));
        assertThat(unset.failure()).contains("OTHER_KEY", "not set in this service");
        assertThat(http.requests()).hasSize(1);
    }

    private static SearchToolSettings mcpTool(String tool) {
        return new SearchToolSettings(SearchToolSettings.Kind.MCP, null, null, null, null,
                new McpServerConfig("facts", McpServerConfig.Transport.HTTP, null, null, null, mcp.url(), null), tool, "key", 30);
    }
}
