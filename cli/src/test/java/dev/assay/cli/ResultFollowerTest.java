package dev.assay.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.assay.common.json.Json;
import dev.assay.testsupport.Eventually;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code assay run} reads a run's results while it runs (docs/api.md, "Following the results"):
 * what it holds once the run is done is exactly what is stored, a result updated after it was read
 * included, in the pages' order, and the pages are not read at all. A server without the changes
 * endpoint leaves it to the pages. The server here keeps a store the way the run API does: each
 * write takes the next change number, and a read answers what changed after the cursor, by pages.
 */
class ResultFollowerTest {

    private HttpServer server;
    /** result id → (change number, status), in the order first stored. */
    private final Map<String, long[]> store = new LinkedHashMap<>();
    private final List<String> statuses = List.of("passed", "failed");
    private long changes;
    private final AtomicInteger resultsServed = new AtomicInteger();
    private final AtomicInteger pageReads = new AtomicInteger();
    private volatile long readUpTo;
    private volatile String storedAfterIds;

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private void serveChanges() {
        server.createContext("/api/runs/r1/results/changes", this::changes);
        server.createContext("/api/runs/r1/results/ids", this::ids);
    }

    private synchronized void write(String id, int status) {
        long[] row = store.computeIfAbsent(id, key -> new long[2]);
        row[0] = ++changes;
        row[1] = status;
    }

    private synchronized void changes(HttpExchange exchange) throws IOException {
        String query = exchange.getRequestURI().getRawQuery();
        long since = query == null ? 0 : Long.parseLong(URLDecoder.decode(query.substring("since=".length()), StandardCharsets.UTF_8));
        List<Map.Entry<String, long[]>> changed = store.entrySet().stream().filter(e -> e.getValue()[0] > since)
                .sorted((a, b) -> Long.compare(a.getValue()[0], b.getValue()[0])).toList();
        List<Map.Entry<String, long[]>> page = changed.subList(0, Math.min(2, changed.size()));
        ObjectNode answer = Json.mapper().createObjectNode();
        long cursor = page.isEmpty() ? since : page.getLast().getValue()[0];
        answer.put("run_id", "r1").put("cursor", Long.toString(cursor)).put("more", changed.size() > page.size());
        ArrayNode results = answer.putArray("results");
        page.forEach(e -> results.addObject().put("result_id", e.getKey()).put("status", statuses.get((int) e.getValue()[1])));
        readUpTo = Math.max(readUpTo, cursor);
        resultsServed.addAndGet(page.size());
        send(exchange, 200, Json.write(answer));
    }

    private synchronized void ids(HttpExchange exchange) throws IOException {
        ObjectNode answer = Json.mapper().createObjectNode().put("run_id", "r1");
        store.keySet().forEach(answer.putArray("result_ids")::add);
        if (storedAfterIds != null) { // a run still going (the CLI stopped following it): one more right after
            write(storedAfterIds, 0);
        }
        send(exchange, 200, Json.write(answer));
    }

    private void page(HttpExchange exchange) throws IOException {
        if (!exchange.getRequestURI().getPath().equals("/api/runs/r1/results")) {
            send(exchange, 404, "{\"errors\":[\"not found\"]}");
            return;
        }
        pageReads.incrementAndGet();
        ObjectNode answer = Json.mapper().createObjectNode();
        ArrayNode results;
        synchronized (this) {
            answer.put("run_id", "r1").put("page", 0).put("size", 500).put("total", store.size()).put("total_pages", 1);
            results = answer.putArray("results");
            store.forEach((id, row) -> results.addObject().put("result_id", id).put("status", statuses.get((int) row[1])));
        }
        send(exchange, 200, Json.write(answer));
    }

    private static void send(HttpExchange exchange, int status, String text) throws IOException {
        byte[] body = text.getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(status, body.length);
        exchange.getResponseBody().write(body);
        exchange.close();
    }

    private RunApi api() {
        return new RunApi(baseUrl());
    }

    private static List<String> described(List<JsonNode> results) {
        return results.stream().map(r -> r.path("result_id").asText() + "=" + r.path("status").asText()).toList();
    }

    @Test
    void whatItHoldsAtTheEndIsExactlyWhatIsStoredInStoredOrderWithoutReadingThePages() {
        serveChanges();
        server.createContext("/api/runs/r1/results", this::page);
        for (int i = 0; i < 5; i++) {
            write("result-" + i, 0);
        }
        try (ResultFollower follower = ResultFollower.start(new RunApi(baseUrl(), Duration.ZERO), "r1", Duration.ofMillis(10))) {
            Eventually.await(Duration.ofSeconds(30), () -> readUpTo, upTo -> upTo == 5, "the first five results to be read");
            // the run goes on: two more, and the second one again with another verdict (a redelivery)
            write("result-5", 0);
            write("result-1", 1);
            write("result-6", 0);

            Optional<List<JsonNode>> results = follower.finish(api());

            assertThat(results).isPresent();
            assertThat(described(results.get())).containsExactly("result-0=passed", "result-1=failed", "result-2=passed",
                    "result-3=passed", "result-4=passed", "result-5=passed", "result-6=passed");
            assertThat(described(results.get())).isEqualTo(described(api().results("r1")));
            assertThat(pageReads.get()).as("pages read besides the check above").isEqualTo(1);
            // the five read while it ran are not read again: only the three changes are
            assertThat(resultsServed.get()).isEqualTo(5 + 3);
        }
    }

    @Test
    void onARunStillGoingItHoldsTheResultsStoredWhenItFinished() {
        serveChanges();
        server.createContext("/api/runs/r1/results", this::page);
        write("result-0", 0);
        write("result-1", 0);
        storedAfterIds = "result-2";
        try (ResultFollower follower = ResultFollower.start(new RunApi(baseUrl(), Duration.ZERO), "r1", Duration.ofMillis(10))) {
            Eventually.await(Duration.ofSeconds(30), () -> readUpTo, upTo -> upTo == 2, "the first two results to be read");
            write("result-1", 1);

            Optional<List<JsonNode>> results = follower.finish(api());

            assertThat(results).isPresent();
            assertThat(described(results.get())).containsExactly("result-0=passed", "result-1=failed");
            assertThat(pageReads.get()).isZero();
        }
    }

    @Test
    void aServerWithoutTheChangesEndpointLeavesItToThePages() {
        server.createContext("/api/runs/r1/results", this::page);
        write("result-0", 0);
        write("result-1", 1);
        try (ResultFollower follower = ResultFollower.start(new RunApi(baseUrl(), Duration.ZERO), "r1", Duration.ofMillis(10))) {
            assertThat(follower.finish(api())).isEmpty();
        }
        assertThat(described(api().results("r1"))).containsExactly("result-0=passed", "result-1=failed");
    }

    private String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }
}
