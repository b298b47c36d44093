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
 * {@code assay dlq list|show|replay} against a stand-in for the generation service's
 * {@code GET /api/dead-letters} and {@code POST /api/dlq/replay}
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
    void recordsThatFailedAgainArePassedOverUnlessIncluded() {
        body = "{\"replayed\":0,\"passed_over\":0,\"failed_again\":9,\"by_topic\":{}}";
        CliRun run = CliRun.of("dlq", "replay", "--server", url());

        assertThat(run.exit()).as(run.toString()).isZero();
        assertThat(run.out().strip()).isEqualTo("replayed 0 dead-lettered record(s); 9 passed over that failed again after an "
                + "earlier replay (assay dlq list shows them; --from-beginning --include-failed-replays replays them too)");

        CliRun included = CliRun.of("dlq", "replay", "--server", url(), "--include-failed-replays");
        assertThat(included.exit()).as(included.toString()).isZero();
        assertThat(requests).containsExactly("POST /api/dlq/replay", "POST /api/dlq/replay?include_failed_replays=true");
    }

    @Test
    void listShowsEachDeadLetterOnOneLine() {
        body = """
                {"total": 7, "dead_letters": [
                  {"partition": 0, "offset": 3, "time": "2026-12-07T23:40:01.123Z", "key": "k1",
                   "reason": "not a valid VerificationResult: Unrecognized field \\"not_a_result\\"",
                   "origin": {"topic": "assay.results", "partition": 1, "offset": 12}, "size_bytes": 37,
                   "value_prefix": "{\\"schema_version\\":1,\\n\\u001b[31m\\"not_a_result\\":0}", "value_encoding": "utf-8",
                   "truncated": false, "envelope": false, "replays": 0},
                  {"partition": 2, "offset": 40, "time": "2026-12-07T23:41:10.004Z", "key": "k2",
                   "reason": "the record is too large to dead-letter whole",
                   "origin": {"topic": "assay.jobs", "partition": 0, "offset": 7}, "size_bytes": 1049065,
                   "value_prefix": "/w==", "value_encoding": "base64", "truncated": true, "envelope": true, "replays": 2}]}
                """;
        CliRun run = CliRun.of("dlq", "list", "--server", url(), "--topic", "assay.results", "--limit", "2");

        assertThat(run.exit()).as(run.toString()).isZero();
        assertThat(requests).containsExactly("GET /api/dead-letters?limit=2&topic=assay.results");
        List<String> lines = run.out().lines().toList();
        System.out.println(run.out());
        assertThat(lines.get(0)).startsWith("AT").contains("TIME", "FROM", "SIZE", "REPLAYS", "REASON", "VALUE");
        assertThat(lines.get(2)).startsWith("0:3 ").contains("2026-12-07T23:40:01.123Z", "assay.results-1@12", "37 B",
                "not a valid VerificationResult", "{\"schema_version\":1, [31m\"not_a_result\":0}").doesNotContain("\u001b");
        assertThat(lines.get(3)).startsWith("2:40").contains("assay.jobs-0@7", "1049065 B (envelope)", "failed again after 2",
                "/w== (base64)");
        assertThat(lines.get(4)).isEqualTo("2 of 7 dead letter(s) from assay.results; assay dlq show PARTITION:OFFSET prints one whole");
    }

    @Test
    void showPrintsOneDeadLetterWhole() {
        body = """
                {"partition": 0, "offset": 3, "time": "2026-12-07T23:40:01.123Z", "key": "k1",
                 "reason": "not JSON, expected a VerificationJob", "origin": {"topic": "assay.jobs", "partition": 1, "offset": 12},
                 "size_bytes": 12, "value_prefix": "hello {", "value_encoding": "utf-8", "truncated": false, "envelope": false,
                 "replays": 1, "value": "hello {\\nworld", "headers": {"dead-letter-reason": "not JSON", "assay-replay-count": "1"}}
                """;
        CliRun run = CliRun.of("dlq", "show", "0:3", "--server", url());

        assertThat(run.exit()).as(run.toString()).isZero();
        assertThat(requests).containsExactly("GET /api/dead-letters/0/3");
        assertThat(run.out()).contains("from:     assay.jobs partition 1 offset 12", "reason:   not JSON, expected a VerificationJob",
                "replays:  failed again after 1 replay(s)", "  assay-replay-count: 1", "value (utf-8):\nhello {\nworld");
    }

    @Test
    void showRefusesAPlaceThatIsNoPartitionAndOffset() {
        CliRun run = CliRun.of("dlq", "show", "zero:3", "--server", url());

        assertThat(run.exit()).as(run.toString()).isEqualTo(ExitCodes.INVALID_INPUT);
        assertThat(run.err()).contains("PARTITION:OFFSET: expected two numbers such as 0:12");
        assertThat(requests).isEmpty();
    }

    @Test
    void aDeadLetterThatIsNotThereIsInvalidInput() {
        status = 404;
        body = "{\"errors\":[\"no dead letter at 0:99 of assay.dlq; GET /api/dead-letters lists where they are\"]}";
        CliRun run = CliRun.of("dlq", "show", "0:99", "--server", url());

        assertThat(run.exit()).as(run.toString()).isEqualTo(ExitCodes.INVALID_INPUT);
        assertThat(run.err()).contains("no dead letter at 0:99 of assay.dlq");
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
