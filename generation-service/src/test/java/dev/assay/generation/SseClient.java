package dev.assay.generation;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.json.Json;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** Reads a server-sent event stream with the JDK's HTTP client, one parsed event at a time. */
public final class SseClient implements AutoCloseable {

    /** One event: its name and its data parsed as JSON; {@code raw} is the text as it came over the wire. */
    public record Event(String name, JsonNode data, String raw) {
    }

    private static final Event END = new Event("<end>", null, "");

    private final BlockingQueue<Event> events = new LinkedBlockingQueue<>();
    private final CompletableFuture<HttpResponse<Stream<String>>> response;
    private volatile boolean ended;
    private volatile Stream<String> body;

    public SseClient(String url) {
        HttpRequest request = HttpRequest.newBuilder(URI.create(url)).header("Accept", "text/event-stream").GET().build();
        response = HttpClient.newHttpClient().sendAsync(request, HttpResponse.BodyHandlers.ofLines());
        // on a thread of its own: a dependent stage may otherwise run on whichever thread calls get()
        Thread.ofPlatform().daemon().name("sse-client").start(() -> {
            try {
                read(response.join());
            } catch (RuntimeException e) {
                ended = true;
                events.add(END);
            }
        });
    }

    private void read(HttpResponse<Stream<String>> response) {
        String name = null;
        StringBuilder data = new StringBuilder();
        StringBuilder raw = new StringBuilder();
        body = response.body();
        try (Stream<String> lines = body) {
            for (String line : (Iterable<String>) lines::iterator) {
                raw.append(line).append('\n');
                if (line.isEmpty()) {
                    if (!data.isEmpty()) {
                        events.add(new Event(name, Json.read(data.toString(), JsonNode.class), raw.toString()));
                    }
                    name = null;
                    data.setLength(0);
                    raw.setLength(0);
                } else if (line.startsWith("event:")) {
                    name = line.substring("event:".length()).strip();
                } else if (line.startsWith("data:")) {
                    data.append(line.substring("data:".length()).strip());
                }
            }
        } catch (RuntimeException e) {
            // the connection was closed under us: the stream has ended either way
        } finally {
            ended = true;
            events.add(END);
        }
    }

    public int status() throws Exception {
        return response.get(10, TimeUnit.SECONDS).statusCode();
    }

    /** The next event, or null when the stream ended; fails after the timeout. */
    public Event next(Duration timeout) throws InterruptedException {
        Event event = events.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
        if (event == null) {
            throw new AssertionError("no event within " + timeout);
        }
        return event == END ? null : event;
    }

    /** Every event up to the end of the stream. */
    public List<Event> untilEnd(Duration timeout) throws InterruptedException {
        List<Event> all = new ArrayList<>();
        for (Event event = next(timeout); event != null; event = next(timeout)) {
            all.add(event);
        }
        return all;
    }

    public boolean ended() {
        return ended;
    }

    @Override
    public void close() {
        // closing the body stream cancels the subscription, which closes the connection
        Stream<String> open = body;
        if (open != null) {
            open.close();
        }
        response.cancel(true);
    }
}
