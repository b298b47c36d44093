package dev.assay.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.json.Json;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.LinkedBlockingDeque;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

/**
 * A run's server-sent events ({@code GET /api/runs/{id}/events}, docs/api.md) as the run summaries
 * they carry, so a command following a run learns of progress, and of completion, when it is
 * stored instead of at its next poll. Read on a thread of its own; a stream that cannot open or
 * ends early (the service restarted) just stops delivering, and the caller reads the run itself.
 */
final class RunEventStream implements AutoCloseable {

    /** A completed run's status (docs/api.md): the server ends the stream after the completed event. */
    private static final String COMPLETED = "completed";

    private final LinkedBlockingDeque<JsonNode> runs = new LinkedBlockingDeque<>();
    private final AtomicReference<Stream<String>> lines = new AtomicReference<>();
    private final Thread reader;
    private volatile boolean closed;
    /** The run is completed: the server sends its last event, if not sent yet, and ends the stream right after it. */
    private volatile boolean lastEventSeen;

    /**
     * How long closing waits for the server to end a stream whose last event came: closing it first
     * resets the stream while the server still writes its end, which it logs as an error with a stack
     * trace ("Exception in SSE server handling") after every run.
     */
    private static final Duration END_AFTER_LAST_EVENT = Duration.ofSeconds(1);

    RunEventStream(HttpClient http, String baseUrl, String runId) {
        // counts only (results=false): a progress event per read of the run, not one per result, which at
        // hundreds of results a second cost the service the writes and this command the parses
        HttpRequest request = HttpRequest.newBuilder(URI.create(baseUrl + "/api/runs/" + runId + "/events?results=false"))
                .header("Accept", "text/event-stream").GET().build();
        reader = Thread.ofVirtual().name("assay-run-events").start(() -> read(http, request));
    }

    private void read(HttpClient http, HttpRequest request) {
        try {
            HttpResponse<Stream<String>> response = http.send(request, HttpResponse.BodyHandlers.ofLines());
            lines.set(response.body());
            if (closed || response.statusCode() != 200) {
                response.body().close();
                return;
            }
            // one JSON line of data per event (the API's format); the event's name is in the summary's status too
            response.body().filter(line -> line.startsWith("data:")).forEach(line -> {
                try {
                    JsonNode run = Json.mapper().readTree(line.substring("data:".length())).path("run");
                    if (run.isObject()) {
                        if (COMPLETED.equals(run.path("status").asText())) {
                            // the completed event, or a progress event that already carries the completed run
                            lastEventSeen = true;
                        }
                        runs.add(run);
                    }
                } catch (IOException e) {
                    // not an event this command knows: the next one, or the next read, says where the run stands
                }
            });
        } catch (IOException | RuntimeException e) {
            // no stream: the caller polls
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The latest run summary that arrived, waiting up to {@code wait} for one; empty when none came. */
    Optional<JsonNode> next(Duration wait) {
        try {
            JsonNode latest = runs.poll(wait.toNanos(), TimeUnit.NANOSECONDS);
            for (JsonNode newer; (newer = runs.poll()) != null; ) {
                latest = newer;
            }
            return Optional.ofNullable(latest);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while following the run", e);
        }
    }

    @Override
    public void close() {
        closed = true;
        if (lastEventSeen) {
            try {
                reader.join(END_AFTER_LAST_EVENT); // the end follows the last event at once
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        Stream<String> open = lines.get();
        if (open != null) {
            open.close();
        }
        reader.interrupt();
    }
}
