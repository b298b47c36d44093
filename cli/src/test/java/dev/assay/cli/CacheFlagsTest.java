package dev.assay.cli;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What {@code assay retry|extend --no-cache} and {@code assay cache clear --run/--model} ask of the
 * service (docs/cache.md, docs/api.md): a server here stands in for the API and keeps every request.
 */
class CacheFlagsTest {

    private static final String REQUEUED = "{\"run_id\":\"r1\",\"status\":\"running\",\"queued_jobs\":2,\"queued_results\":2,"
            + "\"expected_results\":4}";

    private HttpServer server;
    private final List<String> asked = new CopyOnWriteArrayList<>();

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/api/runs/r1/", exchange -> answer(exchange, 202, REQUEUED));
        server.createContext("/api/cache", exchange -> answer(exchange, 200, "{\"cleared\":3}"));
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private void answer(HttpExchange exchange, int status, String text) throws IOException {
        asked.add(exchange.getRequestMethod() + " " + exchange.getRequestURI());
        byte[] body = text.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, body.length);
        exchange.getResponseBody().write(body);
        exchange.close();
    }

    private String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @Test
    void retryAndExtendWithNoCacheAskForJobsThatCallEveryModel() {
        CliRun retry = CliRun.of("retry", "r1", "--server", url(), "--no-cache");
        CliRun extend = CliRun.of("extend", "r1", "--server", url(), "--replicates", "2", "--no-cache");
        CliRun plain = CliRun.of("retry", "r1", "--server", url());
        assertThat(List.of(retry.exit(), extend.exit(), plain.exit())).as("%s%n%s%n%s", retry, extend, plain).containsOnly(0);
        assertThat(asked).containsExactly("POST /api/runs/r1/retry?cache=off", "POST /api/runs/r1/extend?cache=off",
                "POST /api/runs/r1/retry");
    }

    @Test
    void cacheClearTakesARunAndAModel() {
        CliRun run = CliRun.of("cache", "clear", "--server", url(), "--run", "r1");
        CliRun model = CliRun.of("cache", "clear", "--server", url(), "--model", "openai:gpt-4o-mini", "--run", "r 2");
        CliRun all = CliRun.of("cache", "clear", "--server", url());
        assertThat(run.out()).as("%s", run).contains("cleared 3 cached answers of run r1");
        assertThat(model.out()).contains("cleared 3 cached answers of run r 2 of model openai:gpt-4o-mini");
        assertThat(all.out()).contains("cleared 3 cached answers");
        assertThat(asked).containsExactly("DELETE /api/cache?run=r1", "DELETE /api/cache?run=r+2&model=openai%3Agpt-4o-mini",
                "DELETE /api/cache");
    }
}
