package dev.assay.testsupport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A Tavily-compatible search API on 127.0.0.1 for tests: {@code POST /search} with
 * {@code {"query", "max_results", …}} answers {@code {"results": [{title, url, content}]}} from
 * scripted rules (the first rule whose text the query contains), else no results. Every request
 * is recorded with its {@code Authorization} header. {@link #failWith} makes every search fail.
 */
public final class StubSearchServer implements AutoCloseable {

    /** One request as received. */
    public record Request(JsonNode body, String authorization) {
        public String query() {
            return body.path("query").asText();
        }
    }

    private record Rule(String queryContains, List<Map<String, String>> results) {
    }

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final HttpServer server;
    private final List<Rule> rules = new CopyOnWriteArrayList<>();
    private final List<Request> requests = new CopyOnWriteArrayList<>();
    private volatile int failStatus;

    private StubSearchServer(HttpServer server) {
        this.server = server;
    }

    public static StubSearchServer start() {
        try {
            HttpServer http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            StubSearchServer stub = new StubSearchServer(http);
            http.createContext("/search", stub::handle);
            http.start();
            return stub;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start the stub search server", e);
        }
    }

    /** The search endpoint, for {@code search_tool.url}. */
    public String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/search";
    }

    /** Queries containing {@code text} get {@code results} ({@code title}, {@code url}, {@code content} each). */
    public StubSearchServer when(String text, List<Map<String, String>> results) {
        rules.add(new Rule(text, List.copyOf(results)));
        return this;
    }

    /** Every search answers HTTP {@code status} (0: answer normally again). */
    public void failWith(int status) {
        this.failStatus = status;
    }

    public List<Request> requests() {
        return new ArrayList<>(requests);
    }

    public void reset() {
        rules.clear();
        requests.clear();
        failStatus = 0;
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            JsonNode body = MAPPER.readTree(exchange.getRequestBody().readAllBytes());
            requests.add(new Request(body, exchange.getRequestHeaders().getFirst("Authorization")));
            if (failStatus != 0) {
                send(exchange, failStatus, "{\"detail\": {\"error\": \"stub search failure\"}}");
                return;
            }
            String query = body.path("query").asText();
            ObjectNode answer = MAPPER.createObjectNode().put("query", query);
            ArrayNode results = answer.putArray("results");
            rules.stream().filter(rule -> query.contains(rule.queryContains())).findFirst().ifPresent(rule ->
                    rule.results().forEach(result -> {
                        ObjectNode item = results.addObject();
                        result.forEach(item::put);
                    }));
            send(exchange, 200, answer.toString());
        }
    }

    private static void send(HttpExchange exchange, int status, String text) throws IOException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
