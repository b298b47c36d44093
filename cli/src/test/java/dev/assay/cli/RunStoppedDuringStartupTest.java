package dev.assay.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.json.Json;
import dev.assay.localstack.stub.RequestMatcher;
import dev.assay.localstack.stub.StubLlmServer;
import dev.assay.localstack.stub.StubReply;
import dev.assay.testsupport.Eventually;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Stopping {@code assay run}: SIGTERM while it is still starting its services (every process it
 * started stops, including the service that was not ready yet; exit 130 saying so), and Ctrl-C as a
 * terminal sends it — SIGINT to the whole process group, the services included — in the middle of a
 * run: the results so far are written, marked interrupted, nothing is left running, exit 130.
 */
class RunStoppedDuringStartupTest {

    private static final Pattern PROGRESS = Pattern.compile("(\\d+)/(\\d+) done");

    @TempDir
    Path dir;

    private static boolean isLocalService(ProcessHandle process) {
        return process.info().commandLine().orElse("").contains("local-service");
    }

    @Test
    void stoppingRunWhileAServiceStartsLeavesNoProcessBehind() throws Exception {
        Path home = PackagedServices.home();
        Process cli = cli(List.of(), home, "run", home.resolve("examples/quickstart/benchmark.yaml").toString(),
                "--out", dir.resolve("out").toString());
        Set<ProcessHandle> started = ConcurrentHashMap.newKeySet();
        Path output = dir.resolve("cli-output.txt");
        try {
            awaitLine(output, cli, started, line -> line.contains("and local-service"));
            // the signal must find local-service spawned but not yet ready
            Eventually.await(Duration.ofSeconds(30), () -> cli.descendants().filter(RunStoppedDuringStartupTest::isLocalService).count(),
                    count -> count > 0, "local-service to be spawned");
            cli.descendants().forEach(started::add);
            cli.destroy(); // SIGTERM
            assertThat(cli.waitFor(90, TimeUnit.SECONDS)).as("the CLI exits").isTrue();
        } finally {
            cli.destroyForcibly();
        }
        String printed = printed(output);
        assertThat(cli.exitValue()).as(printed).isEqualTo(ExitCodes.INTERRUPTED);
        assertThat(printed).contains("interrupted during start-up").doesNotContain("did not start");
        // local-service (seen spawned above) starts side by side with PostgreSQL, whose server pg_ctl
        // detaches, so the service may be the only child seen here; every child seen must be gone
        assertThat(started).as("processes the run started").isNotEmpty();
        assertAllStopped(started);
        assertPostgresStopped();
    }

    @Test
    void ctrlCInTheMiddleOfARunWritesTheResultsSoFarMarkedInterrupted() throws Exception {
        Path home = PackagedServices.home();
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/setsid")) || Files.isExecutable(Path.of("/bin/setsid")),
                "setsid is needed to give the run a process group of its own, as a terminal does");
        try (StubLlmServer stub = StubLlmServer.start()) {
            // three questions answer at once, the fourth never: the run is stopped with 3 of 4 results
            stub.when(RequestMatcher.anyMessageContains("capital of Spain")).thenReply(StubReply.hang());
            stub.fallback(StubReply.text("{\"city\": \"Paris\"}"));
            Path benchmark = capitals("fr France Paris", "de Germany Berlin", "it Italy Rome", "es Spain Madrid");
            Path config = runConfig(stub);
            Path out = dir.resolve("out");
            Process cli = runAsForegroundJob(home, benchmark, config, out);
            Set<ProcessHandle> started = ConcurrentHashMap.newKeySet();
            Path output = dir.resolve("cli-output.txt");
            ScheduledExecutorService watcher = Executors.newSingleThreadScheduledExecutor();
            watcher.scheduleAtFixedRate(() -> cli.descendants().forEach(started::add), 0, 200, TimeUnit.MILLISECONDS);
            try {
                awaitLine(output, cli, started, line -> done(line) == 3);
                assertThat(processesOnData()).as("the run's PostgreSQL server, found by its data directory").isNotEmpty();
                // Ctrl-C: SIGINT to the foreground process group, the CLI and every process it started
                assertThat(new ProcessBuilder("kill", "-INT", "--", "-" + cli.pid()).start().waitFor()).isZero();
                assertThat(cli.waitFor(120, TimeUnit.SECONDS)).as("the CLI exits").isTrue();
            } finally {
                watcher.shutdownNow();
                cli.destroyForcibly();
            }
            String printed = printed(output);
            assertThat(cli.exitValue()).as(printed).isEqualTo(ExitCodes.INTERRUPTED);
            assertThat(printed).contains("interrupted after 3 of 4 results")
                    .doesNotContain("HTTP 500").doesNotContain("did not answer");
            JsonNode results = Json.mapper().readTree(out.resolve("results.json").toFile());
            assertThat(results).hasSize(3);
            assertThat(results.findValuesAsText("question_id")).containsExactlyInAnyOrder("fr", "de", "it");
            JsonNode marker = Json.mapper().readTree(out.resolve("interrupted.json").toFile());
            assertThat(marker.path("interrupted").asBoolean()).isTrue();
            assertThat(marker.path("results").asLong()).isEqualTo(3);
            assertThat(marker.path("expected").asLong()).isEqualTo(4);
            assertThat(out.resolve("results.csv")).exists();
            assertThat(out.resolve("logs/local-service.log")).exists();
            assertThat(started).as("processes the run started").hasSizeGreaterThanOrEqualTo(3);
            assertAllStopped(started);
            assertPostgresStopped();
        }
    }

    @Test
    void ctrlCStartsNoNewModelCallAndTheReportsCountEveryStoredResult() throws Exception {
        Path home = PackagedServices.home();
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/setsid")) || Files.isExecutable(Path.of("/bin/setsid")),
                "setsid is needed to give the run a process group of its own, as a terminal does");
        CountDownLatch stopped = new CountDownLatch(1);
        try (StubLlmServer stub = StubLlmServer.start()) {
            // at the Ctrl-C: Italy's judge call is in flight (it answers just after: its result must be in the reports),
            // and so is Portugal's answer, after which its judge call would start (it must not)
            stub.when(RequestMatcher.allOf(RequestMatcher.modelEquals("judge"), RequestMatcher.anyMessageContains("capital of Italy")))
                    .thenReply(StubReply.computed(request -> {
                        awaitQuietly(stopped);
                        return StubReply.text("{\"city\": \"Rome\"}").withLatency(Duration.ofMillis(300));
                    }));
            stub.when(RequestMatcher.allOf(RequestMatcher.modelEquals("answerer"), RequestMatcher.anyMessageContains("capital of Portugal")))
                    .thenReply(StubReply.computed(request -> {
                        awaitQuietly(stopped);
                        return StubReply.text("{\"city\": \"Lisbon\"}");
                    }));
            stub.when(RequestMatcher.anyMessageContains("capital of Spain")).thenReply(StubReply.hang());
            stub.fallback(StubReply.text("{\"city\": \"Paris\"}"));
            Path benchmark = capitals("fr France Paris", "de Germany Berlin", "it Italy Rome", "es Spain Madrid", "pt Portugal Lisbon");
            Path config = runConfig(stub);
            Path out = dir.resolve("out");
            Process cli = runAsForegroundJob(home, benchmark, config, out);
            Set<ProcessHandle> started = ConcurrentHashMap.newKeySet();
            Path output = dir.resolve("cli-output.txt");
            ScheduledExecutorService watcher = Executors.newSingleThreadScheduledExecutor();
            watcher.scheduleAtFixedRate(() -> cli.descendants().forEach(started::add), 0, 200, TimeUnit.MILLISECONDS);
            try {
                awaitLine(output, cli, started, line -> done(line) == 2);
                Eventually.await(Duration.ofSeconds(60), () -> stub.requests().stream().filter(request -> asks(request, "judge", "Italy")
                        || asks(request, "answerer", "Portugal")).count(), count -> count == 2, "Italy's judge call and Portugal's answer in flight");
                assertThat(new ProcessBuilder("kill", "-INT", "--", "-" + cli.pid()).start().waitFor()).isZero();
                // the calls in flight answer once the service has stopped its work (its drain says so in its log)
                Path serviceLog = out.resolve("logs/local-service.log");
                Eventually.await(Duration.ofSeconds(60), () -> printed(serviceLog),
                        log -> log.contains("shutting down: waiting up to 2s for"), "the service to stop its work");
                stopped.countDown();
                assertThat(cli.waitFor(120, TimeUnit.SECONDS)).as("the CLI exits").isTrue();
            } finally {
                stopped.countDown();
                watcher.shutdownNow();
                cli.destroyForcibly();
            }
            String printed = printed(output);
            assertThat(cli.exitValue()).as(printed).isEqualTo(ExitCodes.INTERRUPTED);
            assertThat(stub.requests()).as("no model call starts after the Ctrl-C: Portugal's answer came after it, so it is not judged")
                    .noneMatch(request -> asks(request, "judge", "Portugal"));
            // the call in flight finished and its result was stored before the reports were read
            assertThat(printed).as(printed(out.resolve("logs/local-service.log"))).contains("interrupted after 3 of 5 results");
            JsonNode results = Json.mapper().readTree(out.resolve("results.json").toFile());
            assertThat(results.findValuesAsText("question_id")).containsExactlyInAnyOrder("fr", "de", "it");
            assertThat(Json.mapper().readTree(out.resolve("interrupted.json").toFile()).path("results").asLong()).isEqualTo(3);
            assertAllStopped(started);
            assertPostgresStopped();
        }
    }

    @Test
    void killMinus9OfTheCliTakesItsServiceAndPostgresWithItAndTheRunIsInterrupted() throws Exception {
        Path home = PackagedServices.homeForThisJvm();
        assumeTrue(dev.assay.cli.stack.StackState.read(home).isEmpty(), "a local stack of this checkout is already up; assay down first");
        try (StubLlmServer stub = StubLlmServer.start()) {
            stub.when(RequestMatcher.anyMessageContains("capital of Germany")).thenReply(StubReply.hang());
            stub.fallback(StubReply.text("{\"city\": \"Paris\"}"));
            Path benchmark = capitals("fr France Paris", "de Germany Berlin");
            Path config = runConfig(stub);
            Process cli = cli(List.of(), home, "run", benchmark.toString(), "--config", config.toString(), "--out", dir.resolve("out").toString());
            Set<ProcessHandle> started = ConcurrentHashMap.newKeySet();
            Path output = dir.resolve("cli-output.txt");
            List<Long> postgres;
            try {
                awaitLine(output, cli, started, line -> done(line) == 1);
                cli.descendants().forEach(started::add);
                postgres = processesOnData();
                assertThat(started).as("the service process").anyMatch(RunStoppedDuringStartupTest::isLocalService);
                assertThat(postgres).as("the run's PostgreSQL server, found by its data directory").isNotEmpty();
                cli.destroyForcibly(); // SIGKILL: no shutdown hook, no signal handler runs
                assertThat(cli.waitFor(30, TimeUnit.SECONDS)).isTrue();
            } finally {
                cli.destroyForcibly();
            }
            // the service and PostgreSQL notice their parent is gone and end
            assertAllStopped(started);
            assertPostgresStopped();
            String runId = printed(output).lines().filter(line -> line.startsWith("assay: run ") && line.endsWith(" submitted"))
                    .findFirst().orElseThrow().split(" ")[2];

            // the next stack opens the same data (no "in use") and marks the run interrupted, naming the retry
            stub.reset();
            stub.fallback(StubReply.text("{\"city\": \"Berlin\"}"));
            Map<String, String> env = new java.util.HashMap<>(System.getenv());
            env.put("ASSAY_LOCAL_DATA", data().toString());
            CliRun up = CliRun.withEnvironment(env, "up");
            try {
                assertThat(up.exit()).as(up.toString()).isZero();
                CliRun status = CliRun.of("status", runId);
                assertThat(status.exit()).as(status.toString()).isZero();
                assertThat(status.out()).contains(runId + " (").contains("): interrupted")
                        .contains("resume it with: assay retry " + runId);
                CliRun watch = CliRun.of("watch", runId);
                assertThat(watch.exit()).as(watch.toString()).isNotZero();
                assertThat(watch.err()).contains("resume it with: assay retry " + runId);
                // assay retry clears it: the missing result is queued again and the run completes
                CliRun retry = CliRun.withEnvironment(env, "retry", runId);
                assertThat(retry.exit()).as(retry.toString()).isZero();
                CliRun watchAgain = CliRun.of("watch", runId);
                assertThat(watchAgain.exit()).as(watchAgain.toString()).isZero();
                assertThat(CliRun.of("status", runId).out()).contains("): completed");
            } finally {
                CliRun down = CliRun.of("down");
                assertThat(down.exit()).as(down.toString()).isZero();
            }
        }
    }

    private static boolean asks(dev.assay.localstack.stub.RecordedRequest request, String model, String capitalOf) {
        return model.equals(request.model()) && request.body().contains("capital of " + capitalOf);
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(120, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * {@code assay run} as a terminal's foreground job, for a Ctrl-C to reach. setsid: the CLI leads a process
     * group of its own, as a shell's foreground job does. env --default-signal=INT: a shell's foreground job gets
     * SIGINT's default disposition, but a build started in the background (`mvn verify &`, nohup) passes SIGINT
     * on ignored, and the JVM then leaves it ignored (as under nohup), so the CLI would never see the Ctrl-C.
     */
    private Process runAsForegroundJob(Path home, Path benchmark, Path config, Path out) throws IOException {
        return cli(List.of("env", "--default-signal=INT", "setsid"), home, "run", benchmark.toString(), "--config", config.toString(),
                "--out", out.toString());
    }

    /** A template_only run config: the stub answers as model {@code answerer} and judges as {@code judge}. */
    private Path runConfig(StubLlmServer stub) throws IOException {
        return Files.writeString(dir.resolve("run.yaml"), """
                answering_models: [{interface: openai, model: answerer, base_url: "%s"}]
                judges: [{interface: openai, model: judge, base_url: "%s"}]
                evaluation_mode: template_only
                """.formatted(stub.baseUrl(), stub.baseUrl()));
    }

    /** A benchmark asking for capitals, one question per {@code "ID COUNTRY CITY"}. */
    private Path capitals(String... questions) throws IOException {
        StringBuilder yaml = new StringBuilder("questions:\n");
        for (String question : questions) {
            String[] parts = question.split(" ");
            yaml.append("  - {id: %s, question: \"What is the capital of %s?\", template: {fields: {city: {type: string, description: the city, ground_truth: %s}}}}\n"
                    .formatted(parts[0], parts[1], parts[2]));
        }
        return Files.writeString(dir.resolve("bench.yaml"), yaml.toString());
    }

    private static int done(String line) {
        Matcher matcher = PROGRESS.matcher(line);
        return matcher.find() ? Integer.parseInt(matcher.group(1)) : -1;
    }

    private Process cli(List<String> prefix, Path home, String... args) throws IOException {
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> command = new ArrayList<>(prefix);
        command.addAll(List.of(java, "-Dassay.home=" + home, "-cp", System.getProperty("java.class.path"),
                AssayCommand.class.getName()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command);
        // the run's PostgreSQL data in this test's folder, so the server it starts can be found by its data directory
        builder.environment().put("ASSAY_LOCAL_DATA", data().toString());
        // to a file: reading the pipe races the JDK draining it when the process exits, and lines were lost
        return builder.redirectErrorStream(true).redirectOutput(dir.resolve("cli-output.txt").toFile()).start();
    }

    private static void awaitLine(Path output, Process cli, Set<ProcessHandle> started, Predicate<String> wanted) {
        Eventually.await(Duration.ofSeconds(180), () -> {
            cli.descendants().forEach(started::add);
            return printed(output);
        }, printed -> printed.lines().anyMatch(wanted) || !cli.isAlive(), "the line wanted in the CLI's output");
        assertThat(printed(output).lines()).as("the CLI's output").anyMatch(wanted);
    }

    private static String printed(Path output) {
        try {
            return Files.readString(output, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }

    private Path data() {
        return dir.resolve("local-data");
    }

    /**
     * pg_ctl detaches the PostgreSQL server, so it is not a descendant of the CLI: it is found by its data
     * directory instead. A server that shut down removes its postmaster.pid; none may still run on the data.
     */
    private List<Long> processesOnData() {
        String data = data().toString();
        return ProcessHandle.allProcesses().filter(process -> process.info().commandLine().orElse("").contains(data))
                .map(ProcessHandle::pid).toList();
    }

    private void assertPostgresStopped() {
        String data = data().toString();
        Eventually.await(Duration.ofSeconds(30), this::processesOnData, List::isEmpty, "no process left running on the run's PostgreSQL data in " + data);
        try (var files = Files.walk(data())) {
            assertThat(files.filter(file -> file.getFileName().toString().equals("postmaster.pid")).toList())
                    .as("a PostgreSQL server still holding its data directory").isEmpty();
        } catch (java.nio.file.NoSuchFileException e) {
            // the run was stopped before PostgreSQL made its data directory: nothing to stop
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static void assertAllStopped(Set<ProcessHandle> started) throws Exception {
        for (ProcessHandle process : started) {
            try {
                process.onExit().get(30, TimeUnit.SECONDS);
            } catch (java.util.concurrent.TimeoutException e) {
                // asserted below, naming it
            }
            assertThat(process.isAlive()).as("pid %d (%s)", process.pid(), process.info().commandLine().orElse("?")).isFalse();
        }
    }
}
