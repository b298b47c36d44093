package dev.assay.importers;

import dev.assay.common.benchmark.Benchmark;
import dev.assay.common.spec.BenchmarkLoader;
import dev.assay.common.benchmark.Rubric;
import dev.assay.common.benchmark.RubricTrait;
import dev.assay.common.run.EvaluationMode;
import dev.assay.common.run.ManualAnswer;
import dev.assay.common.run.RunConfig;
import dev.assay.common.spec.RunSpecs;
import dev.assay.common.spec.RunTarget;
import dev.assay.common.validation.SpecDocument;
import dev.assay.common.validation.SpecReader;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class ImportedFilesTest {

    private static final Path EXAMPLES = Path.of(System.getProperty("user.dir")).resolve("../examples").normalize();

    /** Every field the examples use survives being written and read back: what importers write is what runs. */
    @ParameterizedTest
    @ValueSource(strings = {"quickstart", "lve", "rag"})
    void theExamplesRoundTripThroughTheWriter(String example) {
        Benchmark benchmark = BenchmarkLoader.load(EXAMPLES.resolve(example).resolve("benchmark.yaml"));
        ImportResult result = new ImportResult(benchmark, null, null, null, new ImportReport("test", example, List.of(), null));

        String yaml = ImportedFiles.benchmarkYaml(result);

        assertThat(yaml).startsWith("# Imported by assay import test from " + example + ".\n");
        assertThat(SpecReader.read(yaml, Benchmark.class)).isEqualTo(benchmark);
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void theStarterConfigsModelsHaveAnEndpointSoARunOrSubmitTakesThemAsTheyAre(boolean recorded, @TempDir Path dir) {
        // a placeholder with neither base_url nor api_key_env would call api.openai.com with no key
        Benchmark benchmark = SpecReader.read("questions: [{id: q1, question: 'Say hi'}]", Benchmark.class);
        ImportResult result = new ImportResult(benchmark, null, recorded ? Map.of("q1", ManualAnswer.of("hi")) : Map.of(),
                EvaluationMode.RUBRIC_ONLY, new ImportReport("test", "x", List.of(ImportEntry.converted("x:1", "q1")), null));

        ImportedFiles.write(result, dir.resolve("benchmark.yaml"), dir.resolve("run.yaml"));

        assertThat(RunSpecs.validate(SpecDocument.file(dir.resolve("benchmark.yaml")), SpecDocument.file(dir.resolve("run.yaml")),
                RunTarget.server(Map.of())).problems()).isEmpty();
        assertThat(read(dir.resolve("run.yaml"))).contains("api_key_env: OPENAI_API_KEY");
    }

    @Test
    void theStarterConfigCarriesRecordedAnswersGlobalTraitsAndTheModeAndValidatesWithTheBenchmark(@TempDir Path dir) {
        Benchmark benchmark = SpecReader.read("questions: [{id: q1, question: 'Say hi'}]", Benchmark.class);
        Rubric global = new Rubric(List.of(RubricTrait.regexTrait("greets", "(?i)hi", true, false)), null);
        ImportResult result = new ImportResult(benchmark, global, Map.of("q1", ManualAnswer.of("hi there")),
                EvaluationMode.RUBRIC_ONLY, new ImportReport("test", "x", List.of(ImportEntry.converted("x:1", "q1")), null));

        List<String> written = ImportedFiles.write(result, dir.resolve("out/benchmark.yaml"), dir.resolve("out/run.yaml"));

        assertThat(written).containsExactly("wrote " + dir.resolve("out/benchmark.yaml"), "wrote " + dir.resolve("out/run.yaml"));
        RunConfig config = SpecReader.read(read(dir.resolve("out/run.yaml")), RunConfig.class);
        assertThat(config.answeringModels().get(0).isManual()).isTrue();
        assertThat(config.manualAnswers()).containsEntry("q1", ManualAnswer.of("hi there"));
        assertThat(config.globalRubric()).isEqualTo(global);
        assertThat(config.evaluationMode()).isEqualTo(EvaluationMode.RUBRIC_ONLY);
        Benchmark back = SpecReader.read(read(dir.resolve("out/benchmark.yaml")), Benchmark.class);
        assertThat(RunSpecs.validate(back, config).problems()).isEmpty();
    }

    @Test
    void anExistingRunConfigIsNeverOverwritten(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("run.yaml"), "mine");
        Benchmark benchmark = SpecReader.read("questions: [{id: q1, question: 'Say hi'}]", Benchmark.class);
        ImportResult result = new ImportResult(benchmark, null, null, null, new ImportReport("test", "x", List.of(), null));

        List<String> written = ImportedFiles.write(result, dir.resolve("benchmark.yaml"), dir.resolve("run.yaml"));

        assertThat(written.get(1)).startsWith("kept the existing " + dir.resolve("run.yaml"));
        assertThat(read(dir.resolve("run.yaml"))).isEqualTo("mine");
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
