package dev.assay.cli;

import dev.assay.common.benchmark.Benchmark;
import dev.assay.common.run.RunConfig;
import dev.assay.common.validation.SpecReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class ImportCommandTest {

    @TempDir
    Path dir;

    private static final Path SAMPLES = resource("/import/samples.jsonl");



    @Test
    void importPrintsTheReportWritesTheBenchmarkAndARunConfigBesideItAndChecksThemTogether() throws Exception {
        Path out = dir.resolve("converted/benchmark.yaml");

        CliRun run = CliRun.of("import", "jsonl", SAMPLES.toString(), "--out", out.toString());

        assertThat(run.exit()).as(run.err()).isZero();
        assertThat(run.out()).contains("Imported jsonl " + SAMPLES + ": 5 converted, 1 partly converted, 4 skipped",
                "skipped: samples.jsonl:8", "not JSON", "partly converted: samples.jsonl:6 (question sandboxed)",
                "wrote " + out, "wrote " + dir.resolve("converted/run.yaml"),
                "Checked: " + out + " and " + dir.resolve("converted/run.yaml") + " load and validate. Run with: assay run " + out);
        assertThat(SpecReader.read(Files.readString(out), Benchmark.class).questions()).hasSize(6);
        RunConfig config = SpecReader.read(Files.readString(dir.resolve("converted/run.yaml")), RunConfig.class);
        assertThat(config.answeringModels()).hasSize(1);
        assertThat(CliRun.of("validate", out.toString(), "--config", dir.resolve("converted/run.yaml").toString()).exit()).isZero();
    }

    @Test
    void anExistingBenchmarkIsOnlyOverwrittenWithForceAndAnExistingRunConfigIsKept() throws Exception {
        Path out = Files.writeString(dir.resolve("benchmark.yaml"), "mine");
        Files.writeString(dir.resolve("run.yaml"), "also mine");

        CliRun refused = CliRun.of("import", "jsonl", SAMPLES.toString(), "--out", out.toString());
        assertThat(refused.exit()).isEqualTo(ExitCodes.INVALID_INPUT);
        assertThat(refused.err()).contains(out + " exists; pass --force to overwrite it");
        assertThat(Files.readString(out)).isEqualTo("mine");

        CliRun forced = CliRun.of("import", "jsonl", SAMPLES.toString(), "--out", out.toString(), "--force");
        assertThat(forced.exit()).as(forced.err()).isZero();
        assertThat(forced.out()).contains("kept the existing " + dir.resolve("run.yaml"), "Checked: " + out + " load");
        assertThat(Files.readString(dir.resolve("run.yaml"))).isEqualTo("also mine");
        assertThat(Files.readString(out)).contains("capital-fr");
    }

    @Test
    void anUnknownFormatOrAMissingSourceIsAnInputErrorNamingIt() {
        CliRun unknown = CliRun.of("import", "jsonll", SAMPLES.toString(), "--out", dir.resolve("b.yaml").toString());
        assertThat(unknown.exit()).isEqualTo(ExitCodes.INVALID_INPUT);
        assertThat(unknown.err()).contains("unknown import format \"jsonll\"", "jsonl");

        CliRun missing = CliRun.of("import", "jsonl", dir.resolve("none.jsonl").toString(), "--out", dir.resolve("b.yaml").toString());
        assertThat(missing.exit()).isEqualTo(ExitCodes.INVALID_INPUT);
        assertThat(missing.err()).contains(dir.resolve("none.jsonl") + ": no such file");
        assertThat(dir.resolve("b.yaml")).doesNotExist();
    }

    @Test
    void aSourceWithNothingToImportWritesNothing() throws Exception {
        Path bad = Files.writeString(dir.resolve("bad.jsonl"), "{\"input\": \"no target\"}\n");
        CliRun run = CliRun.of("import", "jsonl", bad.toString(), "--out", dir.resolve("b.yaml").toString());
        assertThat(run.exit()).isEqualTo(ExitCodes.INVALID_INPUT);
        assertThat(run.out()).contains("0 converted, 0 partly converted, 1 skipped");
        assertThat(run.err()).contains("nothing was imported from " + bad);
        assertThat(dir.resolve("b.yaml")).doesNotExist();
    }

    @Test
    void helpListsTheFormats() {
        assertThat(CliRun.of("import", "--help").out()).contains("the source format, one of: karenina, lve, jsonl");
    }

    private static Path resource(String name) {
        try {
            return Path.of(ImportCommandTest.class.getResource(name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
