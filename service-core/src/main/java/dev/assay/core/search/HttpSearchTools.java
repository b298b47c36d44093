package dev.assay.core.search;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.assay.common.json.Json;
import dev.assay.common.pipeline.SearchResult;
import dev.assay.common.run.SearchToolSettings;
import dev.assay.core.llm.JsonHttp;
import dev.assay.core.llm.SecretResolver;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.net.URI;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A Tavily-compatible search API ({@code kind: http}): {@code POST url} with
 * {@code {"query", "max_results", "search_depth"}}, the key (named by {@code api_key}) as a bearer
 * token; the answer's {@code results[]} of {@code {title, url, content}} are the results.
 */
@ApplicationScoped
public class HttpSearchTools implements SearchToolFactory {

    private final SecretResolver secrets;
    private final JsonHttp http;

    @Inject
    public HttpSearchTools(SecretResolver secrets) {
        this(secrets, new JsonHttp());
    }

    HttpSearchTools(SecretResolver secrets, JsonHttp http) {
        this.secrets = secrets;
        this.http = http;
    }

    @Override
    public SearchToolSettings.Kind kind() {
        return SearchToolSettings.Kind.HTTP;
    }

    @Override
    public SearchTool open(SearchToolSettings settings) {
        String variable = settings.apiKeyVariable();
        String key = null;
        if (variable != null) {
            key = secrets.resolve(variable).orElseThrow(() -> new SearchFailedException(
                    "search tool " + settings.url() + ": the environment variable " + variable + " named by api_key is not set in this service"));
        }
        String bearer = key;
        Duration timeout = Duration.ofSeconds(settings.effectiveTimeoutSeconds());
        URI uri = URI.create(settings.url());
        return new SearchTool() {
            @Override
            public List<SearchResult> search(String query) {
                ObjectNode body = Json.mapper().createObjectNode().put("query", query).put("max_results", settings.effectiveMaxResults())
                        .put("search_depth", settings.effectiveSearchDepth());
                HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(timeout)
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(body.toString()));
                if (bearer != null) {
                    request.header("Authorization", "Bearer " + bearer);
                }
                try {
                    // the target names the endpoint only; the key is in a header, never in a message
                    return results(http.exchange(request.build(), "search tool " + uri, timeout), settings.effectiveMaxResults());
                } catch (RuntimeException e) {
                    throw new SearchFailedException(e.getMessage(), e);
                }
            }

            @Override
            public void close() {
            }
        };
    }

    static List<SearchResult> results(JsonNode answer, int max) {
        List<SearchResult> results = new ArrayList<>();
        for (JsonNode item : answer.path("results")) {
            String content = item.path("content").asText("");
            if (!content.isBlank() && results.size() < max) {
                results.add(new SearchResult(text(item, "title"), text(item, "url"), content));
            }
        }
        return results;
    }

    private static String text(JsonNode item, String name) {
        String value = item.path(name).asText("");
        return value.isBlank() ? null : value;
    }
}
