package dev.assay.cli;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The benchmark (bin/bench, docs/performance.md) is not a test and CI does not run it; this only
 * keeps its scripts from rotting: they parse and print their usage.
 */
class BenchScriptTest {

    private static final Path ROOT = Path.of(System.getProperty("user.dir")).getParent().toAbsolutePath().normalize();

    @Test
    void binBenchPrintsItsScenarios() throws Exception {
        assumeTrue(onPath("python3"), "python3 is not installed");
        Result help = run(List.of(ROOT.resolve("bin/bench").toString(), "--help"));
        assertThat(help.exit()).as(help.output()).isZero();
        assertThat(help.output()).contains("--scenarios", "latency", "zero", "submit", "--with-promptfoo");
    }

    @Test
    void theStubParses() throws Exception {
        assumeTrue(onPath("node"), "node is not installed");
        Result check = run(List.of("node", "--check", ROOT.resolve("bench/stub.mjs").toString()));
        assertThat(check.exit()).as(check.output()).isZero();
    }

    private record Result(int exit, String output) {
    }

    private static Result run(List<String> command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return new Result(process.exitValue(), output);
    }

    private static boolean onPath(String program) {
        String path = System.getenv().getOrDefault("PATH", "");
        for (String dir : path.split(java.io.File.pathSeparator)) {
            if (Path.of(dir, program).toFile().canExecute()) {
                return true;
            }
        }
        return false;
    }
}
