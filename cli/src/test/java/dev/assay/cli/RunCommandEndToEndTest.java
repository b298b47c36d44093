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
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code assay run} for real, as the README's first command: examples/quickstart on the local stack
 * with the three packaged services and its scripted demo model. Skipped when the services are not packaged (e.g. {@code -pl cli -am}); a full
 * {@code ./mvnw verify} packages them before cli.
 */
class RunCommandEndToEndTest {

    @TempDir
    Path dir;

    @Test
    void theQuickstartRunsOnTheDemoModelWritesEveryReportAndLeavesNoProcessBehind() throws Exception {
        Path home = PackagedServices.homeForThisJvm();

        Path benchmark = home.resolve("examples/quickstart/benchmark.yaml");
        Path out = dir.resolve("out");

        // the service processes are this JVM's children: note every one seen while the run goes
        Set<ProcessHandle> children = ConcurrentHashMap.newKeySet();
        ScheduledExecutorService watcher = Executors.newSingleThreadScheduledExecutor();
        watcher.scheduleAtFixedRate(() -> ProcessHandle.current().children().forEach(children::add), 0, 200, TimeUnit.MILLISECONDS);
        StringWriter stdout = new StringWriter();
        StringWriter stderr = new StringWriter();
        int exit;
        try {
            CommandLine cli = AssayCommand.commandLine();
            cli.setOut(new PrintWriter(stdout));
            cli.setErr(new PrintWriter(stderr));
            // the quickstart's demo model gets 2 of 10 wrong on purpose: 80% misses a 90% threshold
            exit = cli.execute("run", benchmark.toString(), "--out", out.toString(), "--min-pass-rate", "0.9");
        } finally {
            watcher.shutdownNow();
        }

        String printed = stdout.toString();
        assertThat(exit).as("stdout:\n%s\nstderr:\n%s", stdout, stderr).isEqualTo(ExitCodes.THRESHOLD_MISSED);
        assertThat(printed.lines().findFirst().orElse("")).startsWith("DEMO MODE: openai:demo-answerer, openai:demo-judge are answered by a scripted demo model");
        assertThat(printed).contains("10/10 done").contains("80.0%").contains("below --min-pass-rate");
        for (String file : new String[]{"results.json", "results.jsonl", "results.csv", "junit.xml", "report.html"}) {
            assertThat(out.resolve(file)).exists();
            assertThat(printed).contains("wrote " + out.resolve(file));
        }
        JsonNode results = Json.mapper().readTree(out.resolve("results.json").toFile());
        assertThat(results).hasSize(10);
        List<String> failed = new ArrayList<>();
        results.forEach(result -> {
            assertThat(result.get("status").asText()).as(result.get("question_id").asText()).isIn("passed", "failed");
            assertThat(result.path("caveats")).as(result.get("question_id").asText()).isEmpty();
            if (result.get("status").asText().equals("failed")) {
                failed.add(result.get("question_id").asText());
            }
        });
        assertThat(failed).containsExactlyInAnyOrder("is-91-prime", "boiling-fahrenheit");
        assertThat(Files.readString(out.resolve("junit.xml"))).contains("failures=\"2\"");
        assertThat(out.resolve("logs/generation-service.log")).exists();
        // the three services (and PostgreSQL's own processes): every one stopped
        assertThat(children).as("children seen during the run").isNotEmpty()
                .allSatisfy(child -> assertThat(child.isAlive()).as("pid %d alive", child.pid()).isFalse());
    }
}
