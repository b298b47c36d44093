package dev.assay.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.cli.stack.LocalStack;
import dev.assay.common.json.Json;
import dev.assay.common.spec.RunSpecs;
import dev.assay.common.spec.ValidRun;
import dev.assay.common.validation.SpecDocument;
import dev.assay.localstack.stub.StubLlmServer;
import dev.assay.localstack.stub.StubReply;
import dev.assay.testsupport.Eventually;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The local stack supervises its services, end to end on the real broker, PostgreSQL and the
 * packaged services: each service killed outright (SIGKILL) in the middle of a run is started again
 * on its port, saying so, and the run completes with every result, once each; and {@code assay run}
 * follows its run on across a crash of generation-service, whose API it polls.
 */
class SupervisionEndToEndTest {

    private static final int QUESTIONS = 6;

    @TempDir
    Path dir;

    @Test
    void eachServiceKilledMidRunIsRestartedAndTheRunCompletesWithEveryResult() throws Exception {
        Path home = PackagedServices.home();
        try (StubLlmServer stub = StubLlmServer.start()) {
            // slow enough that a run is still going when a service is killed
            stub.fallback(StubReply.text("{\"city\": \"Paris\"}").withLatency(Duration.ofMillis(700)));
            ValidRun run = RunSpecs.validate(SpecDocument.file(benchmark()), SpecDocument.file(config(stub))).orThrow();
            List<String> status = new CopyOnWriteArrayList<>();
            Set<Long> pids = new HashSet<>();
            try (LocalStack stack = LocalStack.start(home, dir.resolve("logs"), LocalStack.DEFAULT_READY_TIMEOUT, status::add)) {
                RunApi api = new RunApi(stack.apiUrl());
                for (String service : List.of(LocalStack.SERVICE)) {
                    String runId = api.submit(run.benchmark(), run.config());
                    Eventually.await(Duration.ofSeconds(60), () -> stub.requestCount(), count -> count > 0,
                            "the run to be under way");
                    long killed = stack.pid(service);
                    pids.add(killed);
                    ProcessHandle.of(killed).orElseThrow().destroyForcibly(); // kill -9
                    ProcessHandle.of(killed).ifPresent(process -> process.onExit().join());

                    String restarted = service + " exited (code 137); restarting it (restart 1)";
                    Eventually.await(Duration.ofSeconds(180), () -> List.copyOf(status),
                            lines -> lines.stream().anyMatch(line -> line.startsWith(service + " is running again")),
                            service + " to run again");
                    assertThat(status).contains(restarted);
                    long now = stack.pid(service);
                    pids.add(now);
                    assertThat(now).as("a new process").isNotEqualTo(killed);
                    assertThat(Files.readString(stack.log(service))).contains("assay: " + restarted);

                    JsonNode completed = Eventually.await(Duration.ofSeconds(240), () -> runOrNull(api, runId),
                            state -> state != null && state.path("status").asText().equals("completed"),
                            "run " + runId + " to complete after " + service + " was killed");
                    assertThat(completed.path("counts").path("done").asLong()).isEqualTo(QUESTIONS);
                    List<JsonNode> results = api.results(runId);
                    assertThat(results).hasSize(QUESTIONS);
                    assertThat(results.stream().map(r -> r.path("question_id").asText()).distinct()).hasSize(QUESTIONS);
                    stub.reset();
                    stub.fallback(StubReply.text("{\"city\": \"Paris\"}").withLatency(Duration.ofMillis(700)));
                }
                pids.addAll(stack.pids());
            }
            assertThat(pids).hasSize(2).allSatisfy(pid ->
                    assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).as("pid %d", pid).isFalse());
        }
    }

    @Test
    void assayRunFollowsItsRunAcrossACrashOfGenerationService() throws Exception {
        Path home = PackagedServices.homeForThisJvm();
        try (StubLlmServer stub = StubLlmServer.start()) {
            stub.fallback(StubReply.text("{\"city\": \"Paris\"}").withLatency(Duration.ofMillis(1500)));
            Path out = dir.resolve("out");
            String benchmark = benchmark().toString();
            String config = config(stub).toString();
            CompletableFuture<CliRun> running = CompletableFuture.supplyAsync(() -> CliRun.of("run", benchmark,
                    "--config", config, "--out", out.toString()));
            // the service process is this JVM's child: kill it once the run is under way
            Eventually.await(Duration.ofSeconds(240), () -> stub.requestCount(), count -> count >= 2, "the run to be under way");
            ProcessHandle generation = ProcessHandle.current().children()
                    .filter(child -> child.info().commandLine().orElse("").contains(LocalStack.SERVICE)).findFirst().orElseThrow();
            generation.destroyForcibly();

            CliRun result = running.get(10, TimeUnit.MINUTES);
            assertThat(result.exit()).as(result.toString()).isZero();
            assertThat(result.out()).contains(LocalStack.SERVICE + " exited (code 137); restarting it (restart 1)")
                    .contains(QUESTIONS + "/" + QUESTIONS + " done");
            assertThat(Json.mapper().readTree(out.resolve("results.json").toFile())).hasSize(QUESTIONS);
            assertThat(generation.isAlive()).isFalse();
        }
    }

    private static JsonNode runOrNull(RunApi api, String runId) {
        try {
            return api.run(runId);
        } catch (RuntimeException e) {
            return null; // the service process, the API, is being restarted
        }
    }

    private Path benchmark() throws java.io.IOException {
        StringBuilder yaml = new StringBuilder("questions:\n");
        IntStream.range(0, QUESTIONS).forEach(i -> yaml.append("""
                  - id: q%d
                    question: "Which city is number %d?"
                    template: {fields: {city: {type: string, description: the city, ground_truth: Paris}}}
                """.formatted(i, i)));
        return Files.writeString(dir.resolve("bench.yaml"), yaml);
    }

    private Path config(StubLlmServer stub) throws java.io.IOException {
        return Files.writeString(dir.resolve("run.yaml"), """
                answering_models: [{interface: openai, model: answerer, base_url: "%s"}]
                judges: [{interface: openai, model: judge, base_url: "%s"}]
                evaluation_mode: template_only
                """.formatted(stub.baseUrl(), stub.baseUrl()));
    }
}
