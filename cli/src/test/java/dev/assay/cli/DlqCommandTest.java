package dev.assay.cli;

import static org.assertj.core.api.Assertions.assertThat;

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

/**
 * {@code assay dlq replay} against a stand-in for the generation service's {@code POST /api/dlq/replay}
 * (the endpoint itself: generation-service's DeadLetterReplayTest; a whole run: integration-tests'
 * OutageEndToEndTest).
 */
class DlqCommandTest {

    private HttpServer server;
    private final List<String> requests = new CopyOnWriteArrayList<>();
    private volatile int status = 200;
    private volatile String body = "{\"replayed\":3,\"passed_over\":1,\"by_topic\":{\"assay.answers\":1,\"assay.results\":2}}";

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            requests.add(exchange.getRequestMethod() + " " + exchange.getRequestURI());
            byte[] answer = body.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(status, answer.length);
            exchange.getResponseBody().write(answer);
            exchange.close();
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/";
    }

    @Test
    void replaysThroughTheApiAndSaysWhatWentWhere() {
        CliRun run = CliRun.of("dlq", "replay", "--server", url(), "--topic", "assay.results", "--from-beginning");

        assertThat(run.exit()).as(run.toString()).isZero();
        assertThat(requests).containsExactly("POST /api/dlq/replay?topic=assay.results&from_beginning=true");
        assertThat(run.out().strip()).isEqualTo("replayed 3 dead-lettered record(s): assay.answers 1, assay.results 2; "
                + "1 passed over (another topic, or no dead-letter-topic header)");
    }

    @Test
    void withoutOptionsEveryTopicIsReplayed() {
        body = "{\"replayed\":0,\"passed_over\":0,\"by_topic\":{}}";
        CliRun run = CliRun.of("dlq", "replay", "--server", url());

        assertThat(run.exit()).as(run.toString()).isZero();
        assertThat(requests).containsExactly("POST /api/dlq/replay");
        assertThat(run.out().strip()).isEqualTo("replayed 0 dead-lettered record(s)");
    }

    @Test
    void aBrokerTheServiceCannotReachIsAnInfrastructureFailure() {
        status = 503;
        body = "{\"errors\":[\"could not replay assay.dlq: Timed out waiting for a node assignment\"]}";
        CliRun run = CliRun.of("dlq", "replay", "--server", url());

        assertThat(run.exit()).as(run.toString()).isEqualTo(ExitCodes.INFRASTRUCTURE);
        assertThat(run.err()).contains("HTTP 503").contains("could not replay assay.dlq: Timed out");
    }

    @Test
    void aRefusedTopicIsInvalidInput() {
        status = 400;
        body = "{\"errors\":[\"topic: \\\"assay.dlq\\\" is not a topic records are dead-lettered from\"]}";
        CliRun run = CliRun.of("dlq", "replay", "--server", url(), "--topic", "assay.dlq");

        assertThat(run.exit()).as(run.toString()).isEqualTo(ExitCodes.INVALID_INPUT);
        assertThat(run.err()).contains("topic: \"assay.dlq\" is not a topic records are dead-lettered from");
    }
}
