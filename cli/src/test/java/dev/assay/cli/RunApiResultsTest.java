package dev.assay.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.assay.common.json.Json;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code assay run} reads a finished run's results several pages at once: every result comes back
 * exactly once, in the order stored, whatever the page size the server allows. The server here
 * pages as the run API does (docs/api.md: page from 0, default size, largest size, 400 beyond it).
 */
class RunApiResultsTest {

    private HttpServer server;
    private volatile int stored;
    private volatile int maxPageSize = 500;
    private final List<String> asked = new CopyOnWriteArrayList<>();
    /** Results stored after a page was read: as if the run went on meanwhile (assay results on a running run). */
    private final AtomicInteger storedAfterFirstPage = new AtomicInteger();

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor()); // pages answered at the same time, as Quarkus does
        server.createContext("/api/runs/r1/results", this::page);
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private void page(HttpExchange exchange) throws IOException {
        asked.add(exchange.getRequestURI().getQuery());
        Map<String, String> query = new HashMap<>();
        for (String pair : exchange.getRequestURI().getQuery().split("&")) {
            query.put(pair.substring(0, pair.indexOf('=')), pair.substring(pair.indexOf('=') + 1));
        }
        int page = Integer.parseInt(query.getOrDefault("page", "0"));
        int size = Integer.parseInt(query.getOrDefault("size", "50"));
        if (size > maxPageSize) {
            send(exchange, 400, "{\"errors\":[\"size: must be between 1 and " + maxPageSize + ", got " + size + "\"]}");
            return;
        }
        int total = stored;
        ObjectNode answer = Json.mapper().createObjectNode();
        answer.put("run_id", "r1").put("page", page).put("size", size).put("total", total)
                .put("total_pages", (total + size - 1) / size);
        ArrayNode results = answer.putArray("results");
        for (int i = page * size; i < Math.min(total, (page + 1) * size); i++) {
            results.addObject().put("result_id", "result-" + i);
        }
        stored += storedAfterFirstPage.getAndSet(0); // before the answer, so the next page sees them
        send(exchange, 200, Json.write(answer));
    }

    private static void send(HttpExchange exchange, int status, String text) throws IOException {
        byte[] body = text.getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(status, body.length);
        exchange.getResponseBody().write(body);
        exchange.close();
    }

    private RunApi api() {
        return new RunApi("http://127.0.0.1:" + server.getAddress().getPort());
    }

    private static List<String> ids(List<JsonNode> results) {
        return results.stream().map(result -> result.path("result_id").asText()).toList();
    }

    private static List<String> expected(int count) {
        return IntStream.range(0, count).mapToObj(i -> "result-" + i).toList();
    }

    @Test
    void everyResultComesBackOnceInStoredOrderAcrossPagesReadAtOnce() {
        stored = 5_003; // eleven pages of 500, the last one holding three

        List<JsonNode> results = api().results("r1");

        assertThat(ids(results)).containsExactlyElementsOf(expected(5_003));
        assertThat(asked).hasSize(11).allSatisfy(query -> assertThat(query).endsWith("&size=" + RunApi.PAGE_SIZE));
    }

    @Test
    void aRunOfOnePageOrNoneIsOneRequest() {
        stored = 0;
        assertThat(api().results("r1")).isEmpty();
        stored = 500;
        assertThat(ids(api().results("r1"))).containsExactlyElementsOf(expected(500));
        assertThat(asked).hasSize(2);
    }

    @Test
    void aServerWithSmallerPagesIsReadAtItsOwnDefaultSize() {
        maxPageSize = 100;
        stored = 1_234;

        List<JsonNode> results = api().results("r1");

        assertThat(ids(results)).containsExactlyElementsOf(expected(1_234));
        assertThat(asked.get(0)).isEqualTo("page=0&size=" + RunApi.PAGE_SIZE);
        assertThat(asked.get(1)).isEqualTo("page=0");
        assertThat(asked.subList(2, asked.size())).allSatisfy(query -> assertThat(query).endsWith("&size=50"));
    }

    @Test
    void pagesThatALaterPageSaysExistAreReadToo() {
        stored = 1_000;
        storedAfterFirstPage.set(700); // the run goes on while it is read

        List<JsonNode> results = api().results("r1");

        assertThat(ids(results)).containsExactlyElementsOf(expected(1_700));
        List<String> pages = new ArrayList<>(asked);
        assertThat(pages).hasSize(4);
    }
}
