package dev.assay.cli;

import dev.assay.common.json.Json;
import dev.assay.common.run.ModelConfig;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * What assay run (and validate, submit) decide before anything starts: the scripted demo model
 * answers only the models the user named as the demo, and a real answering model is judged by a real judge.
 */
class RunPreparationTest {

    private static final String SECRET = "sk-very-secret-123";
    private static final Map<String, String> OPENAI_KEY = Map.of("OPENAI_API_KEY", SECRET);

    @TempDir
    Path dir;

    Path benchmark;
    Path rules;

    @BeforeEach
    void files() throws IOException {
        benchmark = Files.writeString(dir.resolve("benchmark.yaml"), """
                questions:
                  - {id: q1, question: Say hi, rubric: {traits: [{name: hi, kind: regex, pattern: hi}]}}
                """);
        rules = Files.writeString(dir.resolve("demo-model.yaml"), """
                models: [demo-answerer, demo-judge]
                rules:
                  - match: {model: demo-answerer}
                    reply: hi
                """);
    }

    private Path config(String models) throws IOException {
        return Files.writeString(dir.resolve("run.yaml"), models + "evaluation_mode: rubric_only\n");
    }

    private static final String DEMO_CONFIG = """
            answering_models: [{interface: openai, model: demo-answerer, base_url: demo}]
            judges: [{interface: openai, model: demo-judge, base_url: demo}]
            """;

    private RunPreparation.Prepared prepare(Path config, List<String> answering, List<String> judges, Path demoFlag,
                                            Map<String, String> env) {
        return RunPreparation.prepare(benchmark, config, answering, judges, demoFlag, env, RunPreparation.Target.LOCAL);
    }

    @Test
    void theReadmesRealModelPathIsJudgedByTheRealModelNotTheDemo() throws IOException {
        // bin/assay run examples/quickstart/benchmark.yaml --answering openai:gpt-4o-mini, with OPENAI_API_KEY set
        Path config = config(DEMO_CONFIG);

        RunPreparation.Prepared prepared = prepare(config, List.of("openai:gpt-4o-mini"), List.of(), null, OPENAI_KEY);

        assertThat(prepared.demo()).isFalse();
        ModelConfig real = ModelConfig.builder("openai", "gpt-4o-mini").apiKeyEnv("OPENAI_API_KEY").build();
        assertThat(prepared.run().config().answeringModels()).containsExactly(real);
        assertThat(prepared.run().config().judges()).containsExactly(real);
        assertThat(prepared.notes()).containsExactly(
                "judging with openai:gpt-4o-mini, the --answering model: " + config + "'s judge openai:demo-judge is the scripted "
                        + "demo model, which does not judge a real model's answers; name another judge with --judge INTERFACE:MODEL",
                "openai:gpt-4o-mini: its key from OPENAI_API_KEY (the environment)");
        assertThat(Json.write(prepared.run().config()) + prepared.notes()).doesNotContain(SECRET);
    }

    @Test
    void theConfigsRealJudgesStayAndItsDemoJudgesGo() throws IOException {
        Path config = config("""
                answering_models: [{interface: openai, model: demo-answerer, base_url: demo}]
                judges:
                  - {interface: openai, model: demo-judge, base_url: demo}
                  - {interface: anthropic, model: claude, api_key_env: TEAM_KEY}
                """);

        RunPreparation.Prepared prepared = prepare(config, List.of("openai:gpt-4o-mini"), List.of(), null, OPENAI_KEY);

        assertThat(prepared.demo()).isFalse();
        assertThat(prepared.run().config().judges()).extracting(ModelConfig::canonicalKey).containsExactly("anthropic:claude");
        assertThat(prepared.notes().getFirst()).startsWith("judging with anthropic:claude only: --answering without --judge, and "
                + config + "'s judge openai:demo-judge is the scripted demo model");
    }

    @Test
    void manualAnswersWithoutAJudgeAndOnlyDemoJudgesAreRefusedBeforeAnythingStarts() throws IOException {
        Path config = config(DEMO_CONFIG + "manual_answers: {q1: hi}\n");

        CliRun run = CliRun.withEnvironment(Map.of(), "run", benchmark.toString(), "--answering", "manual:recorded");

        assertThat(run.exit()).as(run.toString()).isEqualTo(ExitCodes.INVALID_INPUT);
        assertThat(run.err()).isEqualTo("assay: --answering manual:recorded without --judge: " + config + "'s judge openai:demo-judge "
                + "is the scripted demo model, which does not judge a real model's answers, and manual answers cannot judge; "
                + "name a judge with --judge INTERFACE:MODEL" + System.lineSeparator());
        assertThat(run.out()).doesNotContain("DEMO MODE");
    }

    @Test
    void theDemoLineNamesTheModelsTheRulesAndExactlyWhatTurnsItOff() throws IOException {
        Path config = config(DEMO_CONFIG);

        // an OPENAI_BASE_URL fills only what a model leaves unset: base_url: demo is the user's choice
        RunPreparation.Prepared prepared = prepare(config, List.of(), List.of(), null, Map.of("OPENAI_BASE_URL", "http://127.0.0.1:9/v1"));

        assertThat(prepared.demo()).isTrue();
        assertThat(prepared.demoLine()).isEqualTo("DEMO MODE: openai:demo-answerer, openai:demo-judge are answered by a scripted demo "
                + "model (" + rules + "), not a real language model: these results say nothing about any real model. "
                + "To evaluate a real one: for openai:demo-answerer, openai:demo-judge, replace base_url: demo in " + config
                + " with the model's real base_url or api_key_env, or name other models with --answering / --judge.");
        assertThat(prepared.pointedAt("http://127.0.0.1:7/v1", benchmark, Map.of()).config().judges())
                .extracting(ModelConfig::baseUrl).containsExactly("http://127.0.0.1:7/v1");
    }

    @Test
    void aDemoRulesFileNextToTheConfigServesNoModelThatDoesNotNameTheDemo() throws IOException {
        // the old convention: no base_url, a name the rules list; now these are real models
        Path config = config("""
                answering_models: [{interface: openai, model: demo-answerer}]
                judges: [{interface: openai, model: demo-judge}]
                """);

        RunPreparation.Prepared withKey = prepare(config, List.of(), List.of(), null, OPENAI_KEY);
        assertThat(withKey.demo()).isFalse();
        assertThat(withKey.run().config().judges()).extracting(ModelConfig::apiKeyEnv).containsExactly("OPENAI_API_KEY");

        assertThatThrownBy(() -> prepare(config, List.of(), List.of(), null, Map.of()))
                .hasMessageContaining(config + ":1:20: answering_models[0]: has no endpoint");
    }

    @Test
    void demoModelOnTheCommandLineServesTheModelsItListsAndSaysHowToStop() throws IOException {
        Path config = config("""
                answering_models: [{interface: openai, model: demo-answerer}]
                judges: [{interface: openai, model: gpt-4o, api_key_env: OPENAI_API_KEY}]
                """);

        RunPreparation.Prepared prepared = prepare(config, List.of(), List.of(), rules, Map.of());

        assertThat(prepared.demoModels()).extracting(ModelConfig::canonicalKey).containsExactly("openai:demo-answerer");
        assertThat(prepared.demoLine()).endsWith("To evaluate a real one: for openai:demo-answerer, leave out --demo-model " + rules + ".");
        assertThat(prepared.run().config().judges()).extracting(ModelConfig::isDemo).containsExactly(false);
    }

    @Test
    void aDemoModelNeedsItsRulesAndANameTheyServe() throws IOException {
        Files.delete(rules);
        Path config = config(DEMO_CONFIG);
        assertThatThrownBy(() -> prepare(config, List.of(), List.of(), null, Map.of()))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("openai:demo-answerer, openai:demo-judge name the scripted demo model (base_url: demo), but there is no "
                        + "demo-model.yaml next to " + config + " to script it; put one there or give --demo-model RULES.yaml");

        Path other = Files.writeString(dir.resolve("other.yaml"), "models: [demo-answerer]\nrules: [{match: {model: demo-answerer}, reply: hi}]\n");
        assertThatThrownBy(() -> prepare(config, List.of(), List.of(), other, Map.of()))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("openai:demo-judge has base_url: demo, but " + other + " serves only demo-answerer; add the name to its "
                        + "models, or give the model a real base_url or api_key_env");
    }
}
