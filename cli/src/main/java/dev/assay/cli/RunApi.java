package dev.assay.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.assay.common.benchmark.Benchmark;
import dev.assay.common.json.Json;
import dev.assay.common.run.RunConfig;
import dev.assay.common.validation.ValidationError;
import dev.assay.common.validation.ValidationException;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** The generation service's run API (docs/api.md), as {@code assay run} uses it. */
final class RunApi {

    static final int PAGE_SIZE = 200;

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final String baseUrl;

    RunApi(String baseUrl) {
        this.baseUrl = baseUrl;
    }

    /** POST /api/runs; returns the run id. A 400 becomes a ValidationException (exit 2) listing the service's errors. */
    String submit(Benchmark benchmark, RunConfig config) {
        ObjectNode body = Json.mapper().createObjectNode();
        body.set("benchmark", Json.mapper().valueToTree(benchmark));
        body.set("config", Json.mapper().valueToTree(config));
        HttpResponse<String> response = send(HttpRequest.newBuilder(URI.create(baseUrl + "/api/runs"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(Json.write(body))));
        JsonNode answer = parse(response);
        if (response.statusCode() == 400) {
            List<ValidationError> errors = new ArrayList<>();
            answer.path("errors").forEach(e -> errors.add(new ValidationError("", e.asText())));
            throw new ValidationException(errors);
        }
        if (response.statusCode() != 202 && response.statusCode() != 200) {
            throw new IllegalStateException("the generation service refused the run (HTTP " + response.statusCode() + "): "
                    + response.body());
        }
        return answer.path("run_id").asText();
    }

    JsonNode run(String runId) {
        return get("/api/runs/" + runId);
    }

    /** Every result of the run, page by page. */
    List<JsonNode> results(String runId) {
        List<JsonNode> results = new ArrayList<>();
        for (int page = 0; ; page++) {
            JsonNode answer = get("/api/runs/" + runId + "/results?page=" + page + "&size=" + PAGE_SIZE);
            answer.path("results").forEach(results::add);
            if (page + 1 >= answer.path("total_pages").asInt()) {
                return results;
            }
        }
    }

    JsonNode scores(String runId) {
        return get("/api/runs/" + runId + "/scores");
    }

    JsonNode statistics(String runId) {
        return get("/api/runs/" + runId + "/statistics");
    }

    private JsonNode get(String path) {
        HttpResponse<String> response = send(HttpRequest.newBuilder(URI.create(baseUrl + path)).GET());
        if (response.statusCode() != 200) {
            throw new IllegalStateException("GET " + path + " answered HTTP " + response.statusCode() + ": " + response.body());
        }
        return parse(response);
    }

    private HttpResponse<String> send(HttpRequest.Builder request) {
        try {
            return http.send(request.timeout(Duration.ofSeconds(60)).build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new IllegalStateException("the generation service at " + baseUrl + " did not answer: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while talking to the generation service", e);
        }
    }

    private static JsonNode parse(HttpResponse<String> response) {
        try {
            return Json.mapper().readTree(response.body());
        } catch (IOException e) {
            throw new IllegalStateException("the generation service answered HTTP " + response.statusCode()
                    + " with something that is not JSON: " + response.body(), e);
        }
    }
}
