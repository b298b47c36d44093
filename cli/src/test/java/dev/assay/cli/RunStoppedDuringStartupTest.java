package dev.assay.cli;

import dev.assay.testsupport.Eventually;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Ctrl-C (here SIGTERM, the same shutdown path) while {@code assay run} is still starting its
 * services: every process it started stops, including the service that was not ready yet.
 */
class RunStoppedDuringStartupTest {

    @TempDir
    Path dir;

    private static boolean isParsingService(ProcessHandle process) {
        return process.info().commandLine().orElse("").contains("parsing-service");
    }

    @Test
    void stoppingRunWhileAServiceStartsLeavesNoProcessBehind() throws Exception {
        Path home = PackagedServices.home();
        String java = ProcessHandle.current().info().command().orElse("java");
        Process cli = new ProcessBuilder(List.of(java, "-Dassay.home=" + home, "-cp", System.getProperty("java.class.path"),
                AssayCommand.class.getName(), "run", home.resolve("examples/quickstart/benchmark.yaml").toString(),
                "--out", dir.resolve("out").toString()))
                .redirectErrorStream(true)
                .start();
        Set<ProcessHandle> started = ConcurrentHashMap.newKeySet();
        List<String> output = new ArrayList<>();
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(cli.getInputStream(), StandardCharsets.UTF_8))) {
            Instant deadline = Instant.now().plus(Duration.ofSeconds(120));
            String line;
            while ((line = lines.readLine()) != null && Instant.now().isBefore(deadline)) {
                output.add(line);
                cli.descendants().forEach(started::add);
                if (line.contains("starting parsing-service")) {
                    break; // generation-service is up, parsing-service is being started: stop now
                }
            }
            assertThat(output).as("the run's output").anyMatch(l -> l.contains("starting parsing-service"));
            // the signal must find parsing-service spawned but not yet ready
            Eventually.await(Duration.ofSeconds(30), () -> cli.descendants().filter(RunStoppedDuringStartupTest::isParsingService).count(),
                    count -> count > 0, "parsing-service to be spawned");
            cli.descendants().forEach(started::add);
            cli.destroy(); // SIGTERM
            assertThat(cli.waitFor(90, TimeUnit.SECONDS)).as("the CLI exits").isTrue();
        } finally {
            cli.destroyForcibly();
        }
        assertThat(started).as("processes the run started").hasSizeGreaterThanOrEqualTo(2);
        for (ProcessHandle process : started) {
            process.onExit().get(30, TimeUnit.SECONDS);
            assertThat(process.isAlive()).as("pid %d (%s)", process.pid(), process.info().commandLine().orElse("?")).isFalse();
        }
    }
}
