package dev.assay.importers.lve;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.benchmark.Benchmark;
import dev.assay.common.benchmark.Question;
import dev.assay.common.run.RunConfig;
import dev.assay.common.spec.RunPlanner;
import dev.assay.common.spec.RunSpecs;
import dev.assay.common.validation.Problems;
import dev.assay.common.validation.SpecReader;
import dev.assay.importers.ImportResult;
import dev.assay.importers.ImportedFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The imported fixture re-checks its recordings offline, and survives being written and read back. */
class LveRecheckTest {

    private final ImportResult result = LveFixture.imported();

    @Test
    void everyConvertedCheckerGivesTheVerdictLveRecorded() {
        List<Boolean> recorded = new ArrayList<>();
        for (Question question : result.benchmark().questions()) {
            JsonNode lve = question.metadata().get("lve");
            if (question.rubric() == null || !lve.has("recorded_passed")) {
                continue;
            }
            boolean passed = TraitVerdicts.passed(question.rubric().traits().get(0), result.manualAnswers().get(question.id()),
                    question.promptParameters());
            assertThat(passed).as(question.id()).isEqualTo(lve.get("recorded_passed").asBoolean());
            recorded.add(passed);
        }
        assertThat(recorded).hasSize((int) result.report().converted()).contains(true, false);
    }

    @Test
    void theBenchmarkReadsBackAsWrittenAndPlansWithItsStarterConfig() {
        Benchmark back = SpecReader.read(ImportedFiles.benchmarkYaml(result), Benchmark.class);
        RunConfig config = ImportedFiles.starterRunConfig(result);

        assertThat(back).isEqualTo(result.benchmark());
        assertThat(config.manualAnswers()).isEqualTo(result.manualAnswers());
        assertThat(RunSpecs.validate(result.benchmark(), config).problems()).isEmpty();
        assertThat(RunSpecs.validate(back, config).problems()).isEmpty();
        assertThat(RunPlanner.plan("run-1", RunSpecs.validate(back, config).orThrow(), Instant.EPOCH)).hasSize(back.questions().size());
    }

    @Test
    void everyQuestionValidatesOnItsOwn() {
        for (Question question : result.benchmark().questions()) {
            Problems problems = new Problems();
            question.validate(question.id(), problems);
            assertThat(problems.errors()).as(question.id()).isEmpty();
        }
    }

    @Test
    void parametersPrintedByPythonSurviveTheBenchmarkFile(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("test.json"), """
                {"description": "Values of every JSON type", "model": "m",
                 "checker_args": {"checker_name": "LambdaChecker", "func": "lambda r, x, tiny, flag, big, n: flag and r == str(n)"},
                 "prompt": [{"content": "{x} {tiny} {flag} {big} {n}"}],
                 "prompt_parameters": ["x", "tiny", "flag", "big", "n"]}
                """);
        Files.createDirectory(dir.resolve("instances"));
        Files.writeString(dir.resolve("instances/i.jsonl"),
                "{\"args\": {\"x\": 2.50, \"tiny\": 0.00001, \"flag\": true, \"big\": 1e5, \"n\": -3}, \"response\": \"-3\", \"passed\": true}\n");
        ImportResult imported = new LveImporter().read(dir);
        Question question = imported.benchmark().questions().get(0);

        Benchmark back = SpecReader.read(ImportedFiles.benchmarkYaml(imported), Benchmark.class);

        assertThat(question.promptParameters()).containsExactly(Map.entry("x", "2.5"), Map.entry("tiny", "1e-05"),
                Map.entry("flag", "True"), Map.entry("big", "100000.0"), Map.entry("n", "-3"));
        assertThat(back.questions().get(0).promptParameters()).isEqualTo(question.promptParameters());
        assertThat(TraitVerdicts.passed(question.rubric().traits().get(0), imported.manualAnswers().get(question.id()),
                question.promptParameters())).isTrue();
    }
}
