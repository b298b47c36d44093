package dev.assay.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

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
        CliRun run = CliRun.withEnvironment(Map.of("OPENAI_API_KEY", "sk-secret-1"), "validate", benchmark.toString(),
                "--config", config.toString());
        assertThat(run.exit()).as(run.toString()).isZero();
        // the environment fills the models' endpoints as assay run would, and validate says so (the name, never the key)
        assertThat(run.out()).isEqualTo(benchmark + ": 1 questions, valid; " + config + ": valid with it, as assay run would run it"
                + System.lineSeparator() + "  openai:m: its key from OPENAI_API_KEY (the environment)"
                + System.lineSeparator() + "  openai:j: its key from OPENAI_API_KEY (the environment)" + System.lineSeparator());
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
        CliRun run = CliRun.withEnvironment(Map.of("OPENAI_API_KEY", "sk-x"), "validate", benchmark.toString(), "--config", config.toString());
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

    private Path pair(String models) throws Exception {
        Files.writeString(dir.resolve("run.yaml"), models + "evaluation_mode: rubric_only\n");
        return Files.writeString(dir.resolve("b.yaml"), """
                questions:
                  - {id: q1, question: "2+2?", rubric: {traits: [{name: t, kind: regex, pattern: "4"}]}}
                """);
    }

    @Test
    void anUnknownInterfaceFailsValidateRunAndSubmitAlikeBeforeAnythingStarts() throws Exception {
        Path benchmark = pair("""
                answering_models: [{interface: opneai, model: m, api_key_env: MY_KEY}]
                judges: [{interface: openai, model: j, api_key_env: MY_KEY}]
                """);
        Path config = dir.resolve("run.yaml");
        String expected = config + ":1:21: answering_models[0].interface: unknown interface \"opneai\" (did you mean \"openai\"?); "
                + "known: openai, anthropic, manual" + System.lineSeparator();

        // validate finds run.yaml next to the benchmark, as run does
        CliRun validate = CliRun.withEnvironment(Map.of(), "validate", benchmark.toString());
        // run would start the local stack after its checks (and fail differently); submit would reach the server (exit 3)
        CliRun run = CliRun.withEnvironment(Map.of(), "run", benchmark.toString());
        CliRun submit = CliRun.withEnvironment(Map.of(), "submit", benchmark.toString(), "--config", config.toString(),
                "--server", "http://127.0.0.1:9");
        for (CliRun each : new CliRun[]{validate, run, submit}) {
            assertThat(each.exit()).as(each.toString()).isEqualTo(ExitCodes.INVALID_INPUT);
            assertThat(each.err()).as(each.toString()).isEqualTo(expected);
        }
    }

    @Test
    void aModelWithoutAnEndpointFailsValidateRunAndSubmitSayingWhatToSet() throws Exception {
        // the placeholder an import used to write: neither base_url nor api_key_env, so api.openai.com with no key
        Path benchmark = pair("""
                answering_models: [{interface: openai, model: gpt-4o-mini}]
                judges: [{interface: anthropic, model: claude, api_key_env: ANTHROPIC_API_KEY}]
                """);
        Path config = dir.resolve("run.yaml");
        String expected = config + ":1:20: answering_models[0]: has no endpoint: set api_key_env (the variable holding an "
                + "api.openai.com key) or base_url (an OpenAI-compatible server), or set OPENAI_API_KEY or OPENAI_BASE_URL in the "
                + "environment (none is set)" + System.lineSeparator();

        CliRun validate = CliRun.withEnvironment(Map.of(), "validate", benchmark.toString(), "--config", config.toString());
        CliRun run = CliRun.withEnvironment(Map.of(), "run", benchmark.toString());
        CliRun submit = CliRun.withEnvironment(Map.of(), "submit", benchmark.toString(), "--config", config.toString(),
                "--server", "http://127.0.0.1:9");
        for (CliRun each : new CliRun[]{validate, run, submit}) {
            assertThat(each.exit()).as(each.toString()).isEqualTo(ExitCodes.INVALID_INPUT);
            assertThat(each.err()).as(each.toString()).isEqualTo(expected);
        }

        // a flag's model is checked after the flags: named as the config after them
        CliRun flagged = CliRun.withEnvironment(Map.of(), "validate", benchmark.toString(), "--answering", "anthropic:claude-2",
                "--judge", "openai:gpt-4o");
        assertThat(flagged.exit()).as(flagged.toString()).isEqualTo(ExitCodes.INVALID_INPUT);
        assertThat(flagged.err()).isEqualTo(config + " (after --answering/--judge and the environment): judges[0]: has no endpoint: "
                + "set api_key_env (the variable holding an api.openai.com key) or base_url (an OpenAI-compatible server), "
                + "or set OPENAI_API_KEY or OPENAI_BASE_URL in the environment (none is set)" + System.lineSeparator());
    }

    @Test
    void theDemoModelPassesValidateForRunButNotSubmit() throws Exception {
        Path benchmark = pair("""
                answering_models: [{interface: openai, model: demo-answerer, base_url: demo}]
                judges: [{interface: openai, model: demo-judge, base_url: demo}]
                """);
        Path rules = Files.writeString(dir.resolve("demo-model.yaml"), """
                models: [demo-answerer, demo-judge]
                rules: [{match: {model: demo-answerer}, reply: "4"}]
                """);
        Path config = dir.resolve("run.yaml");

        CliRun validate = CliRun.withEnvironment(Map.of(), "validate", benchmark.toString());
        assertThat(validate.exit()).as(validate.toString()).isZero();
        assertThat(validate.out()).contains(config + " (next to it): valid with it, as assay run would run it",
                "openai:demo-answerer, openai:demo-judge: the scripted demo model (" + rules + "), which only assay run starts; "
                        + "submit needs their real endpoints");

        CliRun submit = CliRun.withEnvironment(Map.of(), "submit", benchmark.toString(), "--config", config.toString(),
                "--server", "http://127.0.0.1:9");
        assertThat(submit.exit()).as(submit.toString()).isEqualTo(ExitCodes.INVALID_INPUT);
        assertThat(submit.err()).contains(config + ":1:62: answering_models[0].base_url: \"demo\" is the scripted demo model, "
                + "which only assay run starts (on its own machine); a server needs the model's real base_url or api_key_env");
    }

    /** Each of these used to be accepted and silently reshaped what would run (issue 23); all are listed in one round. */
    @Test
    void duplicateKeysNumbersForNamesFractionsForIntegersAndASecondDocumentAreRefusedTogether() throws Exception {
        Path benchmark = Files.writeString(dir.resolve("b.yaml"), """
                questions:
                  - {id: q1, question: "2+2?", rubric: {traits: [{name: t, kind: regex, pattern: "4"}]}}
                  - {id: q2, question: "3+3?", rubric: {traits: [{name: t, kind: regex, pattern: "6"}]}}
                questions:
                  - {id: q3, question: "4+4?", rubric: {traits: [{name: t, kind: regex, pattern: "8"}]}}
                """);
        Path config = Files.writeString(dir.resolve("run.yaml"), """
                answering_models: [{interface: 3, model: m, max_tokens: 10.5}]
                judges: [{interface: openai, model: j}]
                evaluation_mode: rubric_only
                replicates: 1.5
                ---
                replicates: 2
                """);
        CliRun run = CliRun.withEnvironment(Map.of("OPENAI_API_KEY", "sk-x"), "validate", benchmark.toString(), "--config", config.toString());
        assertThat(run.exit()).as(run.toString()).isEqualTo(ExitCodes.INVALID_INPUT);
        assertThat(run.err()).contains(benchmark + ":4:1: questions: duplicate key \"questions\", also written at line 1, column 1;")
                .contains(config + ":6:1: a second document starts here; a text holds one document")
                .contains(config + ":1:21: answering_models[0].interface: expected text, got a number")
                .contains(config + ":1:45: answering_models[0].max_tokens: 10.5 is not an integer")
                .contains(config + ":4:1: replicates: 1.5 is not an integer")
                .doesNotContain("Exception");
    }

    /** A 20 MB name with no spaces took a minute to refuse: SnakeYAML's time grows with the square of one token's length. */
    @Test
    void aYamlLineTooLongToReadInTimeIsRefusedBeforeItIsParsed() throws Exception {
        Path benchmark = Files.writeString(dir.resolve("b.yaml"), """
                questions:
                  - {id: q1, question: "2+2?", rubric: {traits: [{name: t, kind: regex, pattern: "4"}]}}
                """);
        Path config = Files.writeString(dir.resolve("run.yaml"), "evaluation_mode: rubric_only\nname: " + "x".repeat(2_000_000) + "\n");
        CliRun run = CliRun.withEnvironment(Map.of("OPENAI_API_KEY", "sk-x"), "validate", benchmark.toString(), "--config", config.toString());
        assertThat(run.exit()).as(run.toString()).isEqualTo(ExitCodes.INVALID_INPUT);
        assertThat(run.err()).isEqualTo(config + ":2:1: line 2 is 2000006 characters long; a YAML line may hold at most 262144: "
                + "break it (a quoted string or a | block can go on over several lines) or write the document as JSON" + System.lineSeparator());
    }
}
