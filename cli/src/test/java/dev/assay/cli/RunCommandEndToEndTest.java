package dev.assay.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.json.Json;
import dev.assay.testsupport.StubLlmServer;
import dev.assay.testsupport.StubReply;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * {@code assay run} for real: the local stack with the three packaged services, against a stub
 * model. Skipped when the services are not packaged (e.g. {@code -pl cli -am}); a full
 * {@code ./mvnw verify} packages them before cli.
 */
class RunCommandEndToEndTest {

    @TempDir
    Path dir;

    @Test
    void runsATinyBenchmarkWritesResultsAndLeavesNoProcessBehind() throws Exception {
        Path home = Path.of(System.getProperty("user.dir")).getParent().toAbsolutePath().normalize();
        for (String service : new String[]{"generation-service", "parsing-service", "rubric-service"}) {
            assumeTrue(Files.isRegularFile(home.resolve(service).resolve("target/quarkus-app/quarkus-run.jar")),
                    service + " is not packaged; run ./mvnw verify (or package) from the root to include this test");
        }
        System.setProperty("assay.home", home.toString());

        try (StubLlmServer stub = StubLlmServer.start()) {
            // the answer and the parser's extraction alike: JSON the template can read
            stub.fallback(StubReply.text("{\"city\": \"Paris\"}"));
            Path benchmark = Files.writeString(dir.resolve("bench.yaml"), """
                    name: tiny
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
                exit = cli.execute("run", benchmark.toString(), "--config", config.toString(), "--out", out.toString(),
                        "--min-pass-rate", "0.4");
            } finally {
                watcher.shutdownNow();
            }

            assertThat(exit).as("stdout:\n%s\nstderr:\n%s", stdout, stderr).isEqualTo(ExitCodes.OK);
            JsonNode results = Json.mapper().readTree(out.resolve("results.json").toFile());
            assertThat(results).hasSize(2); // 2 questions × 1 answering model × 1 judge
            assertThat(out.resolve("logs/generation-service.log")).exists();
            assertThat(stdout.toString()).contains("2/2 done").contains("wrote " + out.resolve("results.json"));
            // the three services (and PostgreSQL's own processes): every one stopped
            assertThat(children).as("children seen during the run").isNotEmpty()
                    .allSatisfy(child -> assertThat(child.isAlive()).as("pid %d alive", child.pid()).isFalse());
        }
    }
}
