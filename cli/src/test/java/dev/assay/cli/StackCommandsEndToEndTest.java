package dev.assay.cli;

import dev.assay.cli.stack.StackState;
import dev.assay.localstack.stub.StubLlmServer;
import dev.assay.localstack.stub.StubReply;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * {@code assay up}, then the commands that drive a server ({@code submit}, {@code watch},
 * {@code status}, {@code results}, and {@code run}, which uses that stack) against the stack it keeps, then {@code assay down}: every
 * process of the stack gone, the state file removed.
 */
class StackCommandsEndToEndTest {

    @TempDir
    Path dir;



    @Test
    void upSubmitWatchStatusResultsDown() throws Exception {
        Path home = PackagedServices.homeForThisJvm();
        assumeTrue(StackState.read(home).isEmpty(), "a local stack of this checkout is already up; assay down first");

        try (StubLlmServer stub = StubLlmServer.start()) {
            stub.fallback(StubReply.text("{\"city\": \"Paris\"}"));
            Path benchmark = Files.writeString(dir.resolve("bench.yaml"), """
                    questions:
                      - id: fr
                        question: What is the capital of France?
                        template: {fields: {city: {type: string, description: the capital city, ground_truth: Paris}}}
                      - id: de
                        question: What is the capital of Germany?
                        template: {fields: {city: {type: string, description: the capital city, ground_truth: Berlin}}}
                    """);
            Path config = Files.writeString(dir.resolve("run.yaml"), """
                    answering_models: [{interface: openai, model: answerer, base_url: "%s"}]
                    judges: [{interface: openai, model: judge, base_url: "%s"}]
                    evaluation_mode: template_only
                    """.formatted(stub.baseUrl(), stub.baseUrl()));

            CliRun up = CliRun.of("up");
            try {
                assertThat(up.exit()).as(up.err()).isZero();
                assertThat(up.out()).contains("the local stack is up at http://127.0.0.1:");
                // stack.json names the broker, for a producer of the stack's topics: it answers there
                String broker = StackState.read(home).orElseThrow().kafkaBootstrapServers();
                assertThat(broker).matches("127\\.0\\.0\\.1:\\d+");
                try (java.net.Socket socket = new java.net.Socket()) {
                    socket.connect(new java.net.InetSocketAddress("127.0.0.1", Integer.parseInt(broker.substring(broker.indexOf(':') + 1))), 5000);
                }
                assertThat(dev.assay.common.json.Json.mapper().readTree(home.resolve(".assay/stack.json").toFile())
                        .path("kafka_bootstrap_servers").asText()).isEqualTo(broker);
                // up --open on the stack that is up: the viewer's address, opened by $ASSAY_BROWSER and served there
                RecordingBrowser browser = new RecordingBrowser(dir);
                CliRun upAgain = CliRun.withEnvironment(browser.environment(), "up", "--open");
                assertThat(upAgain.out()).contains("already up");
                String viewer = upAgain.out().lines().filter(line -> line.startsWith("the web viewer is at ")).findFirst().orElseThrow()
                        .substring("the web viewer is at ".length());
                assertThat(viewer).matches("http://127\\.0\\.0\\.1:\\d+/ui/");
                assertThat(browser.awaitOpened(1)).containsExactly(viewer);
                assertThat(browser.pageStatus()).isEqualTo("200");
                assertThat(browser.page()).contains("<script type=\"module\" src=\"bundle/app.js\"></script>");
                assertThat(browser.bundleStatus()).as("the viewer's bundle, from the ui jar").isEqualTo("200");

                CliRun submit = CliRun.of("submit", benchmark.toString(), "--config", config.toString());
                assertThat(submit.exit()).as(submit.err()).isZero();
                String runId = submit.out().strip();
                assertThat(runId).startsWith("run-");

                // the benchmark's own text goes to the server; what it refuses is placed in the files, as validate places it
                Path bad = Files.writeString(dir.resolve("bad.yaml"), """
                        questions:
                          - id: fr
                            question: What is the capital of France?
                            template: {fields: {city: {type: string, description: the capital city, ground_truth: Paris}}}
                          - id: fr
                            question: What is the capital of Germany?
                        """);
                CliRun refused = CliRun.of("submit", bad.toString(), "--config", config.toString());
                CliRun validated = CliRun.of("validate", bad.toString(), "--config", config.toString());
                assertThat(refused.exit()).as(refused.toString()).isEqualTo(ExitCodes.INVALID_INPUT);
                assertThat(refused.err()).contains(bad + ":5:").isEqualTo(validated.err());

                CliRun watch = CliRun.of("watch", runId);
                assertThat(watch.exit()).as(watch.err()).isZero();
                assertThat(watch.out()).contains("2/2 done").contains("openai:answerer").contains("50.0%");

                assertThat(CliRun.of("status", runId).out()).contains(runId).contains("completed");

                List<String> csv = CliRun.of("results", runId, "--format", "csv").out().lines().toList();
                assertThat(csv).hasSize(3);
                assertThat(csv.get(0)).startsWith("run_id,result_id,question_id");
                assertThat(CliRun.of("results", runId, "--format", "jsonl").out().lines()).hasSize(2);

                // the response cache of the stack: two answers and two parsings stored by the run
                CliRun stats = CliRun.of("cache", "stats");
                assertThat(stats.exit()).as(stats.toString()).isZero();
                assertThat(stats.out()).contains("4 cached answers, served 0 times");
                int calls = stub.requestCount();
                String again = CliRun.of("submit", benchmark.toString(), "--config", config.toString()).out().strip();
                CliRun watchAgain = CliRun.of("watch", again);
                assertThat(watchAgain.out()).contains("4 of 4 model calls served from the response cache");
                assertThat(stub.requestCount()).as("the same run again calls no model").isEqualTo(calls);
                String uncached = CliRun.of("submit", benchmark.toString(), "--config", config.toString(), "--no-cache").out().strip();
                CliRun watchUncached = CliRun.of("watch", uncached);
                assertThat(watchUncached.exit()).as(watchUncached.toString()).isZero();
                assertThat(watchUncached.out()).doesNotContain("served from the response cache");
                assertThat(stub.requestCount()).as("--no-cache calls every model").isEqualTo(calls + 4);
                assertThat(CliRun.of("cache", "stats").out()).contains("4 cached answers, served 4 times");
                assertThat(CliRun.of("cache", "clear").out()).contains("cleared 4 cached answers");
                assertThat(CliRun.of("cache", "stats").out()).contains("0 cached answers");

                // retry against the stack of assay up: a complete run has nothing to queue
                CliRun retry = CliRun.of("retry", runId);
                assertThat(retry.exit()).as(retry.toString()).isZero();
                assertThat(retry.out()).contains("run " + runId + ": retry queued 0 jobs (0 of its 2 results); follow it with assay watch " + runId);

                // assay run while the stack of assay up runs: the run goes to that stack (nothing started), its
                // reports are written, and the stack stays up
                long daemon = StackState.read(home).orElseThrow().pid();
                int before = stub.requestCount();
                Path reports = dir.resolve("run-on-up");
                CliRun run = CliRun.of("run", benchmark.toString(), "--config", config.toString(), "--out", reports.toString(), "--no-cache");
                assertThat(run.exit()).as(run.toString()).isZero();
                assertThat(run.out()).contains("assay: using the local stack of assay up at http://127.0.0.1:")
                        .doesNotContain("starting the Kafka broker").doesNotContain("stopping the local stack")
                        .contains("service logs in " + home.resolve(".assay/logs"));
                assertThat(stub.requestCount()).as("the run's four calls, made by the stack of assay up").isEqualTo(before + 4);
                String runOnUp = run.out().lines().filter(line -> line.startsWith("assay: run ") && line.endsWith(" submitted"))
                        .findFirst().orElseThrow().split(" ")[2];
                assertThat(CliRun.of("status", runOnUp).out()).as("the run is the stack's").contains("completed");
                assertThat(Files.readString(reports.resolve("results.json"))).contains(runOnUp).contains("What is the capital of Germany?");
                assertThat(reports.resolve("report.html")).exists();
                assertThat(StackState.read(home)).as("the stack is still up").map(StackState::pid).contains(daemon);
            } finally {
                long daemonPid = StackState.read(home).map(StackState::pid).orElse(-1L);
                List<ProcessHandle> descendants = ProcessHandle.of(daemonPid).map(p -> p.descendants().toList()).orElse(List.of());
                CliRun down = CliRun.of("down");
                assertThat(down.exit()).as(down.err()).isZero();
                assertThat(down.out()).contains("the local stack is down");
                assertThat(ProcessHandle.of(daemonPid).map(ProcessHandle::isAlive).orElse(false)).isFalse();
                assertThat(descendants).allSatisfy(child -> assertThat(child.isAlive()).as("pid %d", child.pid()).isFalse());
                assertThat(StackState.read(home)).isEmpty();
            }
        }
        assertThat(CliRun.of("status", "run-x").err()).contains("no local stack is running");
    }
}
