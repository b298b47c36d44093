package dev.assay.cli;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The CLI's reads wait out a result-store outage as the pipeline does: a 503 is asked again after its
 * Retry-After, saying so once, instead of failing a run that will complete (issue 15).
 */
class RunApiOutageTest {

    private HttpServer server;
    private final AtomicInteger unavailableAnswers = new AtomicInteger();
    private final List<Long> requestNanos = new CopyOnWriteArrayList<>();

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/api/runs/r1", exchange -> {
            requestNanos.add(System.nanoTime());
            byte[] body;
            if (unavailableAnswers.getAndDecrement() > 0) {
                body = "{\"errors\":[\"the result store (PostgreSQL) is unavailable: connection refused; retry later\"]}"
                        .getBytes(StandardCharsets.UTF_8);
                exchange.getResponseHeaders().add("Retry-After", "1");
                exchange.sendResponseHeaders(503, body.length);
            } else {
                body = "{\"run_id\":\"r1\",\"status\":\"running\"}".getBytes(StandardCharsets.UTF_8);
                exchange.sendResponseHeaders(200, body.length);
            }
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @Test
    void aReadAnswered503IsAskedAgainAfterItsRetryAfterAndSaysSoOnce() {
        unavailableAnswers.set(2);
        List<String> notices = new CopyOnWriteArrayList<>();

        var run = new RunApi(url(), Duration.ofMinutes(1)).onWait(notices::add).run("r1");

        assertThat(run.path("status").asText()).isEqualTo("running");
        assertThat(requestNanos).hasSize(3);
        // Retry-After: 1 is honoured between the asks
        for (int i = 1; i < requestNanos.size(); i++) {
            assertThat(Duration.ofNanos(requestNanos.get(i) - requestNanos.get(i - 1))).isGreaterThanOrEqualTo(Duration.ofSeconds(1));
        }
        assertThat(notices).hasSize(2);
        assertThat(notices.get(0)).contains("HTTP 503", "the result store (PostgreSQL) is unavailable", "every 1 s");
        assertThat(notices.get(1)).contains("answers again");
    }

    @Test
    void itGivesUpAfterItsPatienceNamingTheStatus() {
        unavailableAnswers.set(Integer.MAX_VALUE);

        assertThatThrownBy(() -> new RunApi(url(), Duration.ofMillis(1500)).run("r1"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("HTTP 503")
                .hasMessageContaining("giving up");
        assertThat(requestNanos).hasSizeBetween(1, 2);
    }
}
