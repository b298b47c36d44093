package dev.assay.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.json.Json;
import dev.assay.localstack.stub.RecordedRequest;
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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A run's life across separate commands on the kept local data (ASSAY_LOCAL_DATA), with the stub
 * counting every answering call per model and question: {@code assay run} with one answer failing, one
 * judge call failing and one answer hanging is stopped with Ctrl-C; {@code assay retry} resumes it,
 * calling only what failed or never finished (the failed judge's answer comes from the cache); {@code assay extend} adds an answering model and calls only it; and the same
 * {@code assay run} again, a new command, is answered wholly from the response cache.
 */
class RetryResumeExtendEndToEndTest {

    private static final Map<String, String> CAPITALS = Map.of("France", "Paris", "Germany", "Berlin", "Italy", "Rome", "Spain", "Madrid");
    private static final Pattern SUBMITTED = Pattern.compile("assay: run (\\S+) submitted");

    @TempDir
    Path dir;

    /** Answering calls per "model/country". */
    private final Map<String, AtomicInteger> answering = new ConcurrentHashMap<>();
    private final AtomicInteger judging = new AtomicInteger();
    private final Set<String> hanging = ConcurrentHashMap.newKeySet();
    private final Set<String> failing = ConcurrentHashMap.newKeySet();
    /** Countries whose judge call fails. */
    private final Set<String> failingJudge = ConcurrentHashMap.newKeySet();

    @Test
    void anInterruptedRunIsResumedItsFaultsRetriedExtendedAndRepeatedFromTheCache() throws Exception {
        Path home = PackagedServices.homeForThisJvm();
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/setsid")) || Files.isExecutable(Path.of("/bin/setsid")),
                "setsid is needed to give the run a process group of its own, as a terminal does");
        Path data = dir.resolve("local-data");
        Map<String, String> env = new HashMap<>(System.getenv());
        env.put("ASSAY_LOCAL_DATA", data.toString());
        try (StubLlmServer stub = StubLlmServer.start()) {
            stub.fallback(StubReply.computed(this::reply));
            Path benchmark = Files.writeString(dir.resolve("bench.yaml"), """
                    questions:
                      - {id: fr, question: "What is the capital of France?", template: {fields: {city: {type: string, description: the city, ground_truth: Paris}}}}
                      - {id: de, question: "What is the capital of Germany?", template: {fields: {city: {type: string, description: the city, ground_truth: Berlin}}}}
                      - {id: it, question: "What is the capital of Italy?", template: {fields: {city: {type: string, description: the city, ground_truth: Rome}}}}
                      - {id: es, question: "What is the capital of Spain?", template: {fields: {city: {type: string, description: the city, ground_truth: Madrid}}}}
                    """);
            Path config = Files.writeString(dir.resolve("run.yaml"), """
                    answering_models: [{interface: openai, model: answerer, base_url: "%s"}]
                    judges: [{interface: openai, model: judge, base_url: "%s"}]
                    evaluation_mode: template_only
                    """.formatted(stub.baseUrl(), stub.baseUrl()));

            // 1. Germany's answer fails and Italy's judge call fails (results in error), Spain's answer never
            // comes: Ctrl-C with 3 of 4 results
            failing.add("Germany");
            failingJudge.add("Italy");
            hanging.add("Spain");
            Path output = dir.resolve("cli-output.txt");
            Process cli = cli(home, data, output, "run", benchmark.toString(), "--config", config.toString(),
                    "--out", dir.resolve("out1").toString());
            try {
                Eventually.await(Duration.ofSeconds(180), () -> printed(output),
                        printed -> printed.contains("3/4 done") || !cli.isAlive(), "3 of 4 results");
                assertThat(printed(output)).contains("3/4 done");
                assertThat(new ProcessBuilder("kill", "-INT", "--", "-" + cli.pid()).start().waitFor()).isZero();
                assertThat(cli.waitFor(120, TimeUnit.SECONDS)).as("the CLI exits").isTrue();
            } finally {
                cli.destroyForcibly();
            }
            String printed = printed(output);
            assertThat(cli.exitValue()).as(printed).isEqualTo(ExitCodes.INTERRUPTED);
            Matcher submitted = SUBMITTED.matcher(printed);
            assertThat(submitted.find()).as(printed).isTrue();
            String runId = submitted.group(1);
            assertThat(printed).contains("PostgreSQL keeps runs and cached answers in " + data.resolve("postgres"))
                    .contains("interrupted after 3 of 4 results").contains("resume it with: assay retry " + runId);

            // 2. a separate command resumes it: France is left alone, Germany (errored) and Spain (missing) are
            // answered again, Italy (its judge errored) is judged again on its answer from the cache
            failing.clear();
            failingJudge.clear();
            hanging.clear();
            resetCounts();
            Path out2 = dir.resolve("out2");
            CliRun retry = CliRun.withEnvironment(env, "retry", runId, "--out", out2.toString());
            assertThat(retry.exit()).as(retry.toString()).isEqualTo(ExitCodes.OK);
            assertThat(retry.out()).contains("retry queued 3 jobs (3 of its 4 results)").contains("4/4 done");
            assertThat(answeringCalls()).as("finished results are not recomputed")
                    .containsExactlyInAnyOrderEntriesOf(Map.of("answerer/Germany", 1, "answerer/Spain", 1));
            assertThat(judging.get()).as("one judge call for each of the three").isEqualTo(3);
            JsonNode results = Json.mapper().readTree(out2.resolve("results.json").toFile());
            assertThat(results).hasSize(4);
            assertThat(results.findValuesAsText("status")).containsOnly("passed");
            assertThat(results.findValuesAsText("question_id")).containsExactlyInAnyOrder("fr", "de", "it", "es");

            // 3. another answering model added to the same run: only its jobs are queued and called
            resetCounts();
            Path additions = Files.writeString(dir.resolve("more.yaml"), """
                    answering_models: [{interface: openai, model: answerer-2, base_url: "%s"}]
                    """.formatted(stub.baseUrl()));
            Path out3 = dir.resolve("out3");
            CliRun extend = CliRun.withEnvironment(env, "extend", runId, "--config", additions.toString(), "--out", out3.toString());
            assertThat(extend.exit()).as(extend.toString()).isEqualTo(ExitCodes.OK);
            assertThat(extend.out()).contains("extension queued 4 jobs (4 of its 8 results)").contains("8/8 done")
                    .contains("openai:answerer-2");
            assertThat(answeringCalls()).containsExactlyInAnyOrderEntriesOf(Map.of("answerer-2/France", 1, "answerer-2/Germany", 1,
                    "answerer-2/Italy", 1, "answerer-2/Spain", 1));
            assertThat(Json.mapper().readTree(out3.resolve("results.json").toFile())).hasSize(8);

            // 4. the same run again, a new command and a new run: every answer from the kept cache
            resetCounts();
            CliRun again = CliRun.withEnvironment(env, "run", benchmark.toString(), "--config", config.toString(),
                    "--out", dir.resolve("out4").toString());
            assertThat(again.exit()).as(again.toString()).isEqualTo(ExitCodes.OK);
            assertThat(answeringCalls()).as("no answering call: the cache outlived the earlier commands").isEmpty();
            assertThat(judging.get()).isZero();
            assertThat(again.out()).contains("8 of 8 model calls served from the response cache");
        }
    }

    private StubReply reply(RecordedRequest request) {
        String body = request.body();
        if (request.model().startsWith("answerer")) {
            String country = CAPITALS.keySet().stream().filter(body::contains).findFirst().orElse("?");
            answering.computeIfAbsent(request.model() + "/" + country, key -> new AtomicInteger()).incrementAndGet();
            if (hanging.contains(country)) {
                return StubReply.hang();
            }
            if (failing.contains(country)) {
                return StubReply.error(400, "invalid_request_error", "injected fault for " + country);
            }
            return StubReply.text("The capital is " + CAPITALS.get(country) + ".");
        }
        judging.incrementAndGet();
        if (failingJudge.stream().anyMatch(country -> body.contains(country) || body.contains(CAPITALS.get(country)))) {
            return StubReply.error(400, "invalid_request_error", "injected judge fault");
        }
        String city = CAPITALS.values().stream().filter(body::contains).findFirst().orElse("?");
        return StubReply.text("{\"city\": \"" + city + "\"}");
    }

    private Map<String, Integer> answeringCalls() {
        Map<String, Integer> calls = new HashMap<>();
        answering.forEach((key, count) -> {
            if (count.get() > 0) {
                calls.put(key, count.get());
            }
        });
        return calls;
    }

    private void resetCounts() {
        answering.clear();
        judging.set(0);
    }

    /** The CLI in a process group of its own, as a terminal's foreground job (see RunStoppedDuringStartupTest). */
    private static Process cli(Path home, Path data, Path output, String... args) throws IOException {
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> command = new ArrayList<>(List.of("env", "--default-signal=INT", "setsid", java, "-Dassay.home=" + home,
                "-cp", System.getProperty("java.class.path"), AssayCommand.class.getName()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile());
        builder.environment().put("ASSAY_LOCAL_DATA", data.toString());
        return builder.start();
    }

    private static String printed(Path output) {
        try {
            return Files.readString(output, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }
}
