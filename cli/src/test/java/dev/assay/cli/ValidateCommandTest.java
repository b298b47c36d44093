package dev.assay.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class ValidateCommandTest {

    @TempDir
    Path dir;

    @Test
    void aValidPairSaysSoAndExitsZero() throws Exception {
        Path benchmark = Files.writeString(dir.resolve("b.yaml"), """
                questions:
                  - {id: q1, question: "2+2?", rubric: {traits: [{name: t, kind: regex, pattern: "4"}]}}
                """);
        Path config = Files.writeString(dir.resolve("run.yaml"), """
                answering_models: [{interface: openai, model: m}]
                judges: [{interface: openai, model: j}]
                evaluation_mode: rubric_only
                """);
        CliRun run = CliRun.of("validate", benchmark.toString(), "--config", config.toString());
        assertThat(run.exit()).isZero();
        assertThat(run.out()).contains("1 questions, valid");
    }

    @Test
    void everyProblemIsListedWithItsFileLineColumnAndPathAndTheExitCodeIsTwo() throws Exception {
        Path benchmark = Files.writeString(dir.resolve("b.yaml"), """
                questions:
                  - {id: q1, question: "2+2?", rubric: {traits: [{name: t, kind: regx, pattern: "4"}]}}
                  - {id: q2, question: "3+3?", nuggets: [{text: six}]}
                """);
        Path config = Files.writeString(dir.resolve("run.yaml"), """
                answering_models: [{interface: openai, model: m}]
                judges: [{interface: openai, model: j}]
                evaluation_mode: template_only
                replicates: 0
                """);
        CliRun run = CliRun.of("validate", benchmark.toString(), "--config", config.toString());
        assertThat(run.exit()).isEqualTo(ExitCodes.INVALID_INPUT);
        assertThat(run.err()).contains(benchmark + ":2:60: questions[0].rubric.traits[0].kind: unknown trait kind \"regx\"")
                .contains(config + ":4:1: replicates: must be between 1 and 1000, got 0")
                // the pair, in the same round: template_only needs templates and skips nuggets
                .contains(benchmark + ":2:5: questions[0].template: is required in evaluation mode template_only")
                .contains(benchmark + ":3:32: questions[1].nuggets: are judged in the rubric stage")
                .doesNotContain("Exception");
        assertThat(run.err().lines()).doesNotHaveDuplicates();
    }

    @Test
    void aMissingFileIsInvalidInput() {
        CliRun run = CliRun.of("validate", dir.resolve("nope.yaml").toString());
        assertThat(run.exit()).isEqualTo(ExitCodes.INVALID_INPUT);
        assertThat(run.err()).contains("nope.yaml").contains("cannot read");
    }

    @Test
    void helpAndVersionWork() {
        assertThat(CliRun.of("--help").out()).contains("Usage: assay").contains("validate");
        assertThat(CliRun.of("validate", "--help").out()).contains("--config");
        assertThat(CliRun.of("--version").out()).startsWith("assay ");
    }

    @Test
    void anUnknownFieldIsPlacedAtItsKey() throws Exception {
        Path benchmark = Files.writeString(dir.resolve("b.json"), """
                {"questions": [
                  {"id": "q1", "question": "Say hi", "raw_answr": "hi"}
                ]}
                """);
        CliRun run = CliRun.of("validate", benchmark.toString());
        assertThat(run.exit()).isEqualTo(ExitCodes.INVALID_INPUT);
        assertThat(run.err()).isEqualTo(benchmark + ":2:38: questions[0]: unknown field \"raw_answr\" (did you mean \"raw_answer\"?)"
                + System.lineSeparator());
    }
}
