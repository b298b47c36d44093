package dev.assay.core.agent;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.json.Json;
import dev.assay.common.port.HttpToolConfig;
import dev.assay.common.port.ToolDefinition;
import dev.assay.core.llm.SecretResolver;
import org.jboss.logging.Logger;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The tools a run config declares with an HTTP endpoint (docs/agents.md): a call POSTs the model's
 * arguments as a JSON object to the tool's {@code url}, with its headers; a 2xx response's body is
 * the tool's result, anything else (another status, no answer) an error result the model reads.
 */
final class HttpToolbox implements Toolbox {

    private static final Logger LOG = Logger.getLogger(HttpToolbox.class);
    /** Of an error body, what the model is shown: enough to tell why, not a whole error page. */
    private static final int ERROR_BODY_CHARS = 500;

    /** A tool and its headers with their secrets resolved (never shown). */
    private record Endpoint(HttpToolConfig tool, Map<String, String> headers) {
    }

    private final HttpClient client;
    private final Map<String, Endpoint> endpoints;
    private final Duration callTimeout;

    private HttpToolbox(HttpClient client, Map<String, Endpoint> endpoints, Duration callTimeout) {
        this.client = client;
        this.endpoints = endpoints;
        this.callTimeout = callTimeout;
    }

    /** @throws dev.assay.common.port.PortExecutionException when a header names a variable that is not set */
    static HttpToolbox open(HttpClient client, SecretResolver secrets, List<HttpToolConfig> tools, Duration callTimeout) {
        Map<String, Endpoint> endpoints = new LinkedHashMap<>();
        for (HttpToolConfig tool : tools) {
            endpoints.put(tool.name(), new Endpoint(tool,
                    EnvReferences.resolve(secrets, "http tool \"" + tool.name() + "\"", "headers", tool.headers())));
        }
        return new HttpToolbox(client, endpoints, callTimeout);
    }

    @Override
    public List<ToolDefinition> tools() {
        return endpoints.values().stream().map(endpoint -> endpoint.tool().definition()).toList();
    }

    @Override
    public ToolOutcome call(String name, JsonNode input) {
        Endpoint endpoint = endpoints.get(name);
        if (endpoint == null) {
            return ToolOutcome.error("no tool named \"" + name + "\"; the tools are: " + String.join(", ", endpoints.keySet()));
        }
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(endpoint.tool().url()))
                .timeout(callTimeout)
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/plain;q=0.9, */*;q=0.5")
                .POST(HttpRequest.BodyPublishers.ofString(Json.write(input == null || input.isNull()
                        ? Json.mapper().createObjectNode() : input), StandardCharsets.UTF_8));
        endpoint.headers().forEach(request::header);
        try {
            HttpResponse<String> response = client.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            if (response.statusCode() / 100 == 2) {
                return new ToolOutcome(response.body(), false);
            }
            String body = response.body() == null ? "" : response.body().strip();
            return ToolOutcome.error("tool \"" + name + "\" failed: its endpoint answered HTTP " + response.statusCode()
                    + (body.isEmpty() ? "" : ": " + (body.length() <= ERROR_BODY_CHARS ? body : body.substring(0, ERROR_BODY_CHARS) + " …")));
        } catch (IOException e) {
            // the URL and headers stay out of what the model reads and of the log (a URL may carry a key)
            LOG.debugf("http tool %s: %s", name, e.toString());
            return ToolOutcome.error("tool \"" + name + "\" failed: its endpoint did not answer ("
                    + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getClass().getSimpleName() + ": " + e.getMessage()) + ")");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return ToolOutcome.error("tool \"" + name + "\" was interrupted");
        }
    }

    @Override
    public void close() {
        // the client is shared; nothing of a run's to release
    }
}
