package dev.assay.common.run;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.assay.common.port.McpServerConfig;
import dev.assay.common.validation.Problems;
import dev.assay.common.validation.Validatable;

import java.util.Locale;
import java.util.regex.Matcher;

/**
 * The search tool deep judgment checks excerpts against (run config {@code deep_judgment.search_tool}):
 * an HTTP search API speaking Tavily's request and response ({@code kind: http}), or a tool of an
 * MCP server ({@code kind: mcp}). The API key is named, never written: {@code api_key: "${TAVILY_API_KEY}"},
 * resolved by the service that searches, from its own environment.
 *
 * @param kind           {@code http} or {@code mcp}
 * @param url            the search endpoint ({@code http}), e.g. {@code https://api.tavily.com/search}
 * @param apiKey         {@code ${VARIABLE}} naming the key, sent as a bearer token ({@code http}; optional)
 * @param maxResults     results per excerpt (default 3, Karenina's), 1–20
 * @param searchDepth    Tavily's {@code search_depth} (default {@code basic})
 * @param mcpServer      the MCP server holding the tool ({@code mcp}); its secrets are named as for agents
 * @param tool           the MCP tool's name ({@code mcp})
 * @param queryArgument  the MCP tool's argument taking the query (default {@code query})
 * @param timeoutSeconds one search's deadline (default 30)
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SearchToolSettings(Kind kind, String url, String apiKey, Integer maxResults, String searchDepth,
                                 McpServerConfig mcpServer, String tool, String queryArgument, Integer timeoutSeconds)
        implements Validatable {

    public static final int DEFAULT_MAX_RESULTS = 3;
    public static final int DEFAULT_TIMEOUT_SECONDS = 30;

    public enum Kind {
        HTTP, MCP;

        @JsonValue
        public String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public static SearchToolSettings http(String url, String apiKey) {
        return new SearchToolSettings(Kind.HTTP, url, apiKey, null, null, null, null, null, null);
    }

    @JsonIgnore
    public int effectiveMaxResults() {
        return maxResults == null ? DEFAULT_MAX_RESULTS : maxResults;
    }

    @JsonIgnore
    public String effectiveSearchDepth() {
        return searchDepth == null || searchDepth.isBlank() ? "basic" : searchDepth;
    }

    @JsonIgnore
    public String effectiveQueryArgument() {
        return queryArgument == null || queryArgument.isBlank() ? "query" : queryArgument;
    }

    @JsonIgnore
    public int effectiveTimeoutSeconds() {
        return timeoutSeconds == null ? DEFAULT_TIMEOUT_SECONDS : timeoutSeconds;
    }

    /** The variable {@code api_key} names, or null when there is no key. */
    @JsonIgnore
    public String apiKeyVariable() {
        if (apiKey == null) {
            return null;
        }
        Matcher matcher = McpServerConfig.ENV_REFERENCE.matcher(apiKey.strip());
        return matcher.matches() ? matcher.group(1) : null;
    }

    @Override
    public void validate(String path, Problems problems) {
        if (kind == null) {
            problems.add(Problems.field(path, "kind"), "is required: http (a Tavily-compatible search API) or mcp (a tool of an MCP server)");
            return;
        }
        if (maxResults != null && (maxResults < 1 || maxResults > 20)) {
            problems.add(Problems.field(path, "max_results"), "must be between 1 and 20, got " + maxResults);
        }
        if (timeoutSeconds != null && (timeoutSeconds < 1 || timeoutSeconds > 600)) {
            problems.add(Problems.field(path, "timeout_seconds"), "must be between 1 and 600, got " + timeoutSeconds);
        }
        if (kind == Kind.HTTP) {
            if (problems.require(Problems.field(path, "url"), url) && !Problems.isHttpUrl(url)) {
                problems.add(Problems.field(path, "url"), "must be an http(s) URL, got \"" + url + "\"");
            }
            if (apiKey != null && apiKeyVariable() == null) {
                // never echo the value: it may be the key itself
                problems.add(Problems.field(path, "api_key"), "must name an environment variable of the service, as \"${VARIABLE}\" "
                        + "(e.g. \"${TAVILY_API_KEY}\"); a key written inline would travel in every record of the run");
            }
            if (mcpServer != null || tool != null) {
                problems.add(path, "an http search tool takes url and api_key; mcp_server and tool are for kind mcp");
            }
        } else {
            if (mcpServer == null) {
                problems.add(Problems.field(path, "mcp_server"), "is required for kind mcp");
            } else {
                mcpServer.validate(Problems.field(path, "mcp_server"), problems);
            }
            problems.require(Problems.field(path, "tool"), tool);
            if (url != null || apiKey != null) {
                problems.add(path, "an mcp search tool takes mcp_server and tool; url and api_key are for kind http");
            }
        }
    }
}
