package dev.assay.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.json.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * {@code assay run} for real, as the README's first command: examples/quickstart on the local stack
 * with the three packaged services and its scripted demo model, here with replicates and one
 * question in error, so the gate, the errors and the replicate statistics are all exercised. Skipped when the services are not packaged (e.g. {@code -pl cli -am}); a full
 * {@code ./mvnw verify} packages them before cli.
 */
class RunCommandEndToEndTest {

    @TempDir
    Path dir;

    @Test
    void theQuickstartRunsOnTheDemoModelWritesEveryReportAndLeavesNoProcessBehind() throws Exception {
        Path home = PackagedServices.homeForThisJvm();

        // The quickstart with two replicates, and with the demo model's answer to speed-of-light (and its
        // fallback) taken away, so both of its generation calls get an HTTP 400: results in error.
        Path quickstart = Files.createDirectories(dir.resolve("quickstart"));
        for (String file : new String[]{"benchmark.yaml", "run.yaml", "demo-model.yaml"}) {
            Files.copy(home.resolve("examples/quickstart").resolve(file), quickstart.resolve(file));
        }
        Files.writeString(quickstart.resolve("run.yaml"), "replicates: 2\n", StandardOpenOption.APPEND);
        String rules = Files.readString(quickstart.resolve("demo-model.yaml"));
        String speedOfLight = """
                  - match: {model: demo-answerer, any_of: [how fast does light travel]}
                    reply: About 300,000 km per second (299,792 km/s exactly).
                """;
        String fallback = "fallback: \"(demo model: no scripted reply for this request; add a rule to demo-model.yaml)\"\n";
        assertThat(rules).contains(speedOfLight, fallback);
        Files.writeString(quickstart.resolve("demo-model.yaml"), rules.replace(speedOfLight, "").replace(fallback, ""));
        Path benchmark = quickstart.resolve("benchmark.yaml");
        Path out = dir.resolve("out");

        // the service processes are this JVM's children: note every one seen while the run goes
        Set<ProcessHandle> children = ConcurrentHashMap.newKeySet();
        ScheduledExecutorService watcher = Executors.newSingleThreadScheduledExecutor();
        watcher.scheduleAtFixedRate(() -> ProcessHandle.current().children().forEach(children::add), 0, 200, TimeUnit.MILLISECONDS);
        StringWriter stdout = new StringWriter();
        StringWriter stderr = new StringWriter();
        RecordingBrowser browser = new RecordingBrowser(Files.createDirectories(dir.resolve("browser")));
        int exit;
        try {
            CommandLine cli = AssayCommand.commandLine();
            // --open: the run's page in the viewer, opened by $ASSAY_BROWSER (a script that records it)
            ((RunCommand) cli.getSubcommands().get("run").getCommand()).env = browser.environment();
            cli.setOut(new PrintWriter(stdout));
            cli.setErr(new PrintWriter(stderr));
            // the demo model gets 2 of 10 wrong on purpose (7 of the 9 with a verdict: 77.8% misses 90%), and
            // speed-of-light errors: the errors decide the exit code, and both reasons are printed
            exit = cli.execute("run", benchmark.toString(), "--out", out.toString(), "--min-pass-rate", "0.9", "--open");
        } finally {
            watcher.shutdownNow();
        }

        String printed = stdout.toString();
        assertThat(exit).as("stdout:\n%s\nstderr:\n%s", stdout, stderr).isEqualTo(ExitCodes.ERRORS);
        assertThat(printed.lines().findFirst().orElse("")).startsWith("DEMO MODE: openai:demo-answerer, openai:demo-judge are answered by a scripted demo model");
        assertThat(printed).contains("20/20 done")
                // passed / scored of results, the errors apart, the question-weighted rate and pass@2
                .contains("14 / 18 of 20", "77.8%", "pass@2", "majority vote")
                .contains("openai:demo-answerer / openai:demo-judge did not pass:\n  failed: boiling-fahrenheit ×2, is-91-prime ×2\n"
                        + "  error: speed-of-light ×2 (")
                .contains("results in error: openai:demo-answerer (judge openai:demo-judge): 2 of 20 results in error (10.0%)")
                .contains("below --min-pass-rate: openai:demo-answerer (judge openai:demo-judge): pass rate 0.778")
                .contains("exit 4: results in error take precedence");
        for (String file : new String[]{"results.json", "results.jsonl", "results.csv", "scores.json", "statistics.json",
                "junit.xml", "report.html"}) {
            assertThat(out.resolve(file)).exists();
            assertThat(printed).contains("wrote " + out.resolve(file));
        }
        JsonNode results = Json.mapper().readTree(out.resolve("results.json").toFile());
        assertThat(results).hasSize(20);
        // --open: the address printed is the one opened, the run's page on the local stack's viewer
        String runId = results.get(0).get("run_id").asText();
        String opened = browser.awaitOpened(1).get(0);
        assertThat(opened).matches("http://127\\.0\\.0\\.1:\\d+/ui/#/runs/" + java.util.regex.Pattern.quote(runId));
        assertThat(printed).contains("assay: following the run live in the viewer at " + opened + "\n");
        List<String> failed = new ArrayList<>();
        results.forEach(result -> {
            String id = result.get("question_id").asText();
            if (id.equals("speed-of-light")) {
                assertThat(result.get("status").asText()).as(id).isEqualTo("error");
                return;
            }
            assertThat(result.get("status").asText()).as(id).isIn("passed", "failed");
            assertThat(result.path("caveats")).as(id).isEmpty();
            if (result.get("status").asText().equals("failed")) {
                failed.add(id);
            }
        });
        assertThat(failed).containsExactlyInAnyOrder("is-91-prime", "is-91-prime", "boiling-fahrenheit", "boiling-fahrenheit");
        assertThat(Files.readString(out.resolve("junit.xml"))).contains("failures=\"4\"", "errors=\"2\"");

        // every statistic the API serves is in the output folder
        JsonNode scores = Json.mapper().readTree(out.resolve("scores.json").toFile());
        assertThat(scores.at("/overall/results").asInt()).isEqualTo(20);
        assertThat(scores.at("/overall/by_status/error").asInt()).isEqualTo(2);
        JsonNode statistics = Json.mapper().readTree(out.resolve("statistics.json").toFile());
        assertThat(statistics.get("replicates").asInt()).isEqualTo(2);
        JsonNode group = statistics.at("/groups/0");
        assertThat(group.get("results").asInt()).isEqualTo(20);
        assertThat(group.get("verdicts").asInt()).isEqualTo(18);
        assertThat(group.at("/excluded/error").asInt()).isEqualTo(2);
        assertThat(group.get("pass_at_k")).hasSize(2);
        assertThat(group.at("/pass_at_k/1/k").asInt()).isEqualTo(2);
        // each question's two replicates agree: 7 of the 9 with verdicts pass at both
        assertThat(group.get("majority_vote_accuracy").asDouble()).isCloseTo(7.0 / 9, within(1e-9));
        assertThat(group.at("/pass_rate_interval/method").asText()).isEqualTo("wilson");
        assertThat(statistics.get("questions")).hasSize(10).allSatisfy(question -> {
            if (question.get("question_id").asText().equals("speed-of-light")) {
                assertThat(question.get("excluded").asInt()).isEqualTo(2);
            } else {
                assertThat(question.get("agreement").asDouble()).as(question.toString()).isEqualTo(1.0);
            }
        });
        assertThat(Files.readString(out.resolve("report.html"))).contains("<th>pass@2</th>", "<th>agreement</th>");
        // the run complete and read, the service was stopped at once, not by its graceful stop (LocalStack.closeAfterCompletedRun)
        assertThat(out.resolve("logs/local-service.log")).content()
                .contains("assay: the run is complete and read: local-service is stopped at once (SIGKILL)")
                .doesNotContain("assay-local stopped in")
                // the CLI let the server end the event stream after its last event, instead of resetting it first
                .doesNotContain("Exception in SSE server handling");
        // and each service's own lines in a log of its own, as when they ran apart
        assertThat(out.resolve("logs/generation-service.log")).content().contains("jobs published");
        // the service process (and PostgreSQL's own processes): every one stopped
        assertThat(children).as("children seen during the run").isNotEmpty()
                .allSatisfy(child -> assertThat(child.isAlive()).as("pid %d alive", child.pid()).isFalse());
    }
}
