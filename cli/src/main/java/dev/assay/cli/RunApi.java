package dev.assay.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.cli.report.RunData;
import dev.assay.common.benchmark.Benchmark;
import dev.assay.common.json.Json;
import dev.assay.common.run.RunConfig;
import dev.assay.common.validation.ValidationError;
import dev.assay.common.validation.ValidationException;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.function.Consumer;

/**
 * The generation service's run API (docs/api.md), as {@code assay run} uses it. A read answered 503
 * (the result store is unavailable, docs/messaging.md "Outages") is asked again after the answer's
 * Retry-After, for up to {@link #DEFAULT_PATIENCE}: the pipeline waits an outage out, so the command
 * following it does too, instead of failing a run that will complete.
 */
final class RunApi {

    /** Results per page: the API's largest by default ({@code assay.api.max-page-size}), so a large run is few requests. */
    static final int PAGE_SIZE = 500;
    /** Pages of results asked for at once after the first: the service reads one while this side parses another. */
    static final int PAGES_AT_ONCE = 3;
    /** How long reads wait out 503s: longer than the outages the pipeline is built to survive (5 min). */
    static final Duration DEFAULT_PATIENCE = Duration.ofMinutes(10);
    /** The pause after a 503 without a usable Retry-After. */
    static final Duration DEFAULT_RETRY_AFTER = Duration.ofSeconds(5);

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final String baseUrl;
    private final Duration patience;
    private volatile Consumer<String> notices = line -> { };

    RunApi(String baseUrl) {
        this(baseUrl, DEFAULT_PATIENCE);
    }

    RunApi(String baseUrl, Duration patience) {
        this.baseUrl = baseUrl;
        this.patience = patience;
    }

    /** Where to say that the API is unavailable and that it is back (a line each); silent by default. */
    RunApi onWait(Consumer<String> notices) {
        this.notices = notices;
        return this;
    }

    /** POST /api/runs; returns the run id. A 400 becomes a ValidationException (exit 2) listing the service's errors. */
    String submit(Benchmark benchmark, RunConfig config) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("benchmark", benchmark);
        body.put("config", config);
        return submit(Json.write(body), "application/json");
    }

    /** POST /api/runs with a body already written (JSON or YAML, by {@code contentType}); as {@link #submit(Benchmark, RunConfig)}. */
    String submit(String body, String contentType) {
        HttpResponse<String> response = send(HttpRequest.newBuilder(URI.create(baseUrl + "/api/runs"))
                .header("Content-Type", contentType)
                .POST(HttpRequest.BodyPublishers.ofString(body)));
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

    /** The run's server-sent events, opened in the background; close it when done. */
    RunEventStream events(String runId) {
        return new RunEventStream(http, baseUrl, runId);
    }

    /**
     * Every result of the run, in the order they were first stored. The first page says how many
     * there are; the others are then read {@link #PAGES_AT_ONCE} at a time and put back in order.
     * A server whose largest page is smaller answers the first with 400: its default page size is
     * used instead. Pages that a page read later says exist (results stored meanwhile) are read too.
     */
    List<JsonNode> results(String runId) {
        String path = "/api/runs/" + runId + "/results?page=";
        JsonNode first;
        String size;
        try {
            first = get(path + "0&size=" + PAGE_SIZE);
            size = "&size=" + PAGE_SIZE;
        } catch (RefusedRequest e) {
            first = get(path + "0");
            size = "&size=" + first.path("size").asInt();
        }
        List<JsonNode> pages = new ArrayList<>(List.of(first));
        int totalPages = first.path("total_pages").asInt();
        while (pages.size() < totalPages) {
            int from = pages.size();
            int to = Math.min(totalPages, from + PAGES_AT_ONCE);
            List<CompletableFuture<JsonNode>> reads = new ArrayList<>();
            for (int page = from; page < to; page++) {
                String pagePath = path + page + size;
                reads.add(CompletableFuture.supplyAsync(() -> get(pagePath), READERS));
            }
            for (CompletableFuture<JsonNode> read : reads) {
                JsonNode answer = joined(read);
                pages.add(answer);
                totalPages = Math.max(totalPages, answer.path("total_pages").asInt());
            }
        }
        List<JsonNode> results = new ArrayList<>();
        pages.forEach(page -> page.path("results").forEach(results::add));
        return results;
    }

    /** GET /api/runs/{id}/results/changes: the results written since {@code cursor} (null: all), a page of them. */
    JsonNode resultChanges(String runId, String cursor) {
        return get("/api/runs/" + runId + "/results/changes"
                + (cursor == null ? "" : "?since=" + URLEncoder.encode(cursor, StandardCharsets.UTF_8)));
    }

    /** GET /api/runs/{id}/results/ids: the run's result ids in the order its result pages give them. */
    List<String> resultIds(String runId) {
        JsonNode answer = get("/api/runs/" + runId + "/results/ids").path("result_ids");
        if (!answer.isArray()) {
            throw new IllegalStateException("GET /api/runs/" + runId + "/results/ids answered without result_ids");
        }
        List<String> ids = new ArrayList<>(answer.size());
        answer.forEach(id -> ids.add(id.asText()));
        return ids;
    }

    /**
     * The reads {@code assay run} makes once a run is done, at once: its results, scores, statistics
     * and headline (which may be null, as {@link #headline} says), as the reports take them.
     */
    RunData readAll(String runId) {
        return readAll(runId, null);
    }

    /**
     * As {@link #readAll(String)}, with the results {@code follower} read while the run ran and the
     * rest read now (the pages when it cannot give them).
     */
    RunData readAll(String runId, ResultFollower follower) {
        CompletableFuture<JsonNode> scores = CompletableFuture.supplyAsync(() -> scores(runId), READERS);
        CompletableFuture<JsonNode> statistics = CompletableFuture.supplyAsync(() -> statistics(runId), READERS);
        CompletableFuture<JsonNode> headline = CompletableFuture.supplyAsync(() -> headline(runId), READERS);
        List<JsonNode> results = (follower == null ? Optional.<List<JsonNode>>empty() : follower.finish(this))
                .orElseGet(() -> results(runId));
        return new RunData(runId, results, joined(scores), joined(statistics), joined(headline));
    }

    private static final Executor READERS = runnable -> Thread.ofVirtual().name("assay-api-read").start(runnable);

    private static <T> T joined(CompletableFuture<T> read) {
        try {
            return read.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException failure) {
                throw failure;
            }
            throw e;
        }
    }

    /** POST /api/runs/{id}/retry: what was queued again (docs/api.md). */
    JsonNode retry(String runId) {
        return retry(runId, false);
    }

    /** Like {@link #retry(String)}; {@code noCache}: the queued jobs call every model afresh ({@code ?cache=off}). */
    JsonNode retry(String runId, boolean noCache) {
        return requeued(runId, "retry", noCache, HttpRequest.BodyPublishers.noBody());
    }

    /** POST /api/runs/{id}/extend with config additions (answering_models, judges, replicates). */
    JsonNode extend(String runId, JsonNode additions) {
        return extend(runId, additions, false);
    }

    /** Like {@link #extend(String, JsonNode)}; {@code noCache}: the new jobs call every model afresh ({@code ?cache=off}). */
    JsonNode extend(String runId, JsonNode additions, boolean noCache) {
        return requeued(runId, "extend", noCache, HttpRequest.BodyPublishers.ofString(Json.write(additions)));
    }

    private JsonNode requeued(String runId, String action, boolean noCache, HttpRequest.BodyPublisher body) {
        HttpResponse<String> response = send(HttpRequest.newBuilder(URI.create(baseUrl + "/api/runs/" + runId + "/" + action
                        + (noCache ? "?cache=off" : "")))
                .header("Content-Type", "application/json")
                .POST(body));
        JsonNode answer = parse(response);
        if (response.statusCode() == 400) {
            List<ValidationError> errors = new ArrayList<>();
            answer.path("errors").forEach(e -> errors.add(new ValidationError("", e.asText())));
            throw new ValidationException(errors);
        }
        if (response.statusCode() == 404 || response.statusCode() == 409) {
            throw new InvalidInputException(answer.path("errors").path(0).asText(response.body()));
        }
        if (response.statusCode() != 202) {
            throw new IllegalStateException("the generation service refused the " + action + " of run " + runId + " (HTTP "
                    + response.statusCode() + "): " + response.body());
        }
        return answer;
    }

    /**
     * POST /api/local/drain, of the local stack's service only: it starts no record and no model call any
     * more and answers once what is in flight is stored or given up (docs/cli.md, "Interrupting a run").
     * False when it did not answer so; the results read after it may then still grow.
     */
    boolean drainLocalService() {
        try {
            HttpResponse<String> response = send(HttpRequest.newBuilder(URI.create(baseUrl + "/api/local/drain"))
                    .POST(HttpRequest.BodyPublishers.noBody()), Duration.ofSeconds(30));
            return response.statusCode() == 200;
        } catch (RuntimeException e) {
            return false;
        }
    }

    /** GET /api/cache: the response cache's entries, hits and savings. */
    JsonNode cacheStats() {
        return get("/api/cache");
    }

    /** DELETE /api/cache; returns how many answers were removed. */
    long clearCache() {
        return clearCache(null, null);
    }

    /** DELETE /api/cache?run=…&model=… (either null: any); returns how many answers were removed. */
    long clearCache(String runId, String model) {
        List<String> query = new ArrayList<>();
        if (runId != null) {
            query.add("run=" + URLEncoder.encode(runId, StandardCharsets.UTF_8));
        }
        if (model != null) {
            query.add("model=" + URLEncoder.encode(model, StandardCharsets.UTF_8));
        }
        HttpResponse<String> response = send(HttpRequest.newBuilder(URI.create(baseUrl + "/api/cache"
                + (query.isEmpty() ? "" : "?" + String.join("&", query)))).DELETE());
        if (response.statusCode() != 200) {
            throw new IllegalStateException("the response cache could not be cleared (HTTP " + response.statusCode() + "): "
                    + response.body());
        }
        return parse(response).path("cleared").asLong();
    }

    /**
     * GET /api/dead-letters: the newest {@code limit} dead letters ({@code topic} null: from every
     * topic), each with its reason, origin, time and a readable prefix of its value.
     */
    JsonNode deadLetters(String topic, int limit) {
        String query = "?limit=" + limit + (topic == null ? "" : "&topic=" + URLEncoder.encode(topic, StandardCharsets.UTF_8));
        HttpResponse<String> response = send(HttpRequest.newBuilder(URI.create(baseUrl + "/api/dead-letters" + query)).GET(),
                Duration.ofMinutes(2));
        return deadLetterAnswer(response, "listed");
    }

    /** GET /api/dead-letters/{partition}/{offset}: one dead letter whole (value and headers). */
    JsonNode deadLetter(int partition, long offset) {
        HttpResponse<String> response = send(HttpRequest.newBuilder(
                URI.create(baseUrl + "/api/dead-letters/" + partition + "/" + offset)).GET(), Duration.ofMinutes(2));
        return deadLetterAnswer(response, "read");
    }

    private JsonNode deadLetterAnswer(HttpResponse<String> response, String what) {
        JsonNode answer = parse(response);
        if (response.statusCode() == 400 || response.statusCode() == 404) {
            throw new InvalidInputException(answer.path("errors").path(0).asText(response.body()));
        }
        if (response.statusCode() != 200) {
            throw new IllegalStateException("the dead letters could not be " + what + " (HTTP " + response.statusCode() + "): "
                    + answer.path("errors").path(0).asText(response.body()));
        }
        return answer;
    }

    /**
     * POST /api/dlq/replay: sends dead-lettered records back to their topics ({@code topic} null:
     * every topic); returns the service's count of what it replayed and passed over. Records that
     * failed again after an earlier replay are passed over unless {@code includeFailedReplays}.
     */
    JsonNode replayDeadLetters(String topic, boolean fromBeginning, boolean includeFailedReplays) {
        List<String> query = new ArrayList<>();
        if (topic != null) {
            query.add("topic=" + URLEncoder.encode(topic, StandardCharsets.UTF_8));
        }
        if (fromBeginning) {
            query.add("from_beginning=true");
        }
        if (includeFailedReplays) {
            query.add("include_failed_replays=true");
        }
        URI uri = URI.create(baseUrl + "/api/dlq/replay" + (query.isEmpty() ? "" : "?" + String.join("&", query)));
        // the service reads the topic to its end and waits for the broker: allow it the time
        HttpResponse<String> response = send(HttpRequest.newBuilder(uri).POST(HttpRequest.BodyPublishers.noBody()),
                Duration.ofMinutes(2));
        JsonNode answer = parse(response);
        if (response.statusCode() == 400) {
            throw new InvalidInputException(answer.path("errors").path(0).asText(response.body()));
        }
        if (response.statusCode() != 200) {
            throw new IllegalStateException("the dead letters could not be replayed (HTTP " + response.statusCode() + "): "
                    + answer.path("errors").path(0).asText(response.body()));
        }
        return answer;
    }

    JsonNode scores(String runId) {
        return get("/api/runs/" + runId + "/scores");
    }

    /**
     * The run's headline as the web viewer reads it (summary, benchmark name, config as submitted),
     * without its cells; null when the server has none to give (an older server, a run it does not know).
     */
    JsonNode headline(String runId) {
        try {
            return get("/api/runs/" + runId + "/matrix?cells=false");
        } catch (RuntimeException e) {
            return null;
        }
    }

    JsonNode statistics(String runId) {
        return get("/api/runs/" + runId + "/statistics");
    }

    private JsonNode get(String path) {
        long giveUpAt = System.nanoTime() + patience.toNanos();
        boolean waiting = false;
        while (true) {
            HttpResponse<String> response = send(HttpRequest.newBuilder(URI.create(baseUrl + path)).GET());
            if (response.statusCode() == 503) {
                Duration pause = retryAfter(response).orElse(DEFAULT_RETRY_AFTER);
                if (System.nanoTime() + pause.toNanos() - giveUpAt > 0) {
                    throw new IllegalStateException("GET " + path + " answered HTTP 503 for longer than " + patience.toMinutes()
                            + " min, giving up: " + response.body());
                }
                if (!waiting) {
                    notices.accept("assay: the run API is unavailable (HTTP 503: " + reason(response) + "); asking again every "
                            + pause.toSeconds() + " s, for up to " + patience.toMinutes() + " min");
                    waiting = true;
                }
                pause(pause);
                continue;
            }
            if (waiting) {
                notices.accept("assay: the run API answers again");
            }
            if (response.statusCode() == 400) {
                throw new RefusedRequest("GET " + path + " answered HTTP 400: " + response.body());
            }
            if (response.statusCode() != 200) {
                throw new IllegalStateException("GET " + path + " answered HTTP " + response.statusCode() + ": " + response.body());
            }
            return parse(response);
        }
    }

    /** A read the service answered 400: the request itself was wrong (e.g. a page larger than the server serves). */
    static final class RefusedRequest extends IllegalStateException {
        RefusedRequest(String message) {
            super(message);
        }
    }

    /** Retry-After in seconds (what the API sends); an HTTP date or garbage falls back to the default. */
    static Optional<Duration> retryAfter(HttpResponse<?> response) {
        return response.headers().firstValue("Retry-After").flatMap(value -> {
            try {
                long seconds = Long.parseLong(value.trim());
                return seconds >= 0 ? Optional.of(Duration.ofSeconds(Math.max(1, seconds))) : Optional.empty();
            } catch (NumberFormatException e) {
                return Optional.empty();
            }
        });
    }

    private static String reason(HttpResponse<String> response) {
        try {
            JsonNode errors = Json.mapper().readTree(response.body()).path("errors");
            if (errors.isArray() && !errors.isEmpty()) {
                return errors.get(0).asText();
            }
        } catch (IOException | RuntimeException e) {
            // not JSON: the status says enough
        }
        return "unavailable";
    }

    private static void pause(Duration pause) {
        try {
            Thread.sleep(pause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the run API to be available again", e);
        }
    }

    private HttpResponse<String> send(HttpRequest.Builder request) {
        return send(request, Duration.ofSeconds(60));
    }

    private HttpResponse<String> send(HttpRequest.Builder request, Duration timeout) {
        try {
            return http.send(request.timeout(timeout).build(), HttpResponse.BodyHandlers.ofString());
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
