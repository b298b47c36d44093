package dev.assay.cli;

import dev.assay.common.benchmark.Question;
import dev.assay.common.json.Json;
import dev.assay.common.run.ModelConfig;
import dev.assay.common.run.RunConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RunConfigOverridesTest {

    private static final String SECRET = "sk-very-secret-123";

    private static RunConfig config() {
        return new RunConfig("c", List.of(ModelConfig.of("openai", "from-file")), List.of(ModelConfig.of("anthropic", "judge")),
                2, null, null, null, null, null, null);
    }

    @Test
    void flagsReplaceTheConfigsModelsAndKeepTheRest() {
        RunConfig result = RunConfigOverrides.apply(config(), List.of("openai:gpt-4o-mini", "openai:ft:gpt-4o:org"),
                List.of("openai:judge-2"), Map.of());
        assertThat(result.answeringModels()).extracting(ModelConfig::canonicalKey)
                .containsExactly("openai:gpt-4o-mini", "openai:ft:gpt-4o:org");
        assertThat(result.judges()).extracting(ModelConfig::canonicalKey).containsExactly("openai:judge-2");
        assertThat(result.replicates()).isEqualTo(2);
        assertThat(result.name()).isEqualTo("c");
    }

    @Test
    void withoutFlagsTheConfigsModelsStay() {
        RunConfig result = RunConfigOverrides.apply(config(), List.of(), List.of(), Map.of());
        assertThat(result.answeringModels()).extracting(ModelConfig::canonicalKey).containsExactly("openai:from-file");
        assertThat(result.judges()).extracting(ModelConfig::canonicalKey).containsExactly("anthropic:judge");
    }

    @Test
    void environmentFillsUnsetEndpointsAndKeyNamesButNeverTheKeyValue() {
        Map<String, String> env = Map.of("OPENAI_BASE_URL", "http://127.0.0.1:9/v1", "OPENAI_API_KEY", SECRET,
                "ANTHROPIC_API_KEY", SECRET);
        RunConfig result = RunConfigOverrides.apply(config(), List.of(), List.of(), env);
        ModelConfig openai = result.answeringModels().getFirst();
        assertThat(openai.baseUrl()).isEqualTo("http://127.0.0.1:9/v1");
        assertThat(openai.apiKeyEnv()).isEqualTo("OPENAI_API_KEY");
        assertThat(result.judges().getFirst().apiKeyEnv()).isEqualTo("ANTHROPIC_API_KEY");
        assertThat(result.judges().getFirst().baseUrl()).isNull();
        // what is submitted to the service, and what could ever be printed, holds the name only
        assertThat(Json.write(result)).doesNotContain(SECRET).contains("\"api_key_env\":\"OPENAI_API_KEY\"");
    }

    @Test
    void whatTheConfigSetsWinsOverTheEnvironment() {
        ModelConfig own = new ModelConfig(null, "openai", "m", "http://own:1/v1", "MY_KEY", null, null, null, null, null, null);
        RunConfig config = config().withModels(List.of(own), List.of(own));
        RunConfig result = RunConfigOverrides.apply(config, List.of(), List.of(),
                Map.of("OPENAI_BASE_URL", "http://env:2/v1", "OPENAI_API_KEY", SECRET));
        assertThat(result.answeringModels().getFirst().baseUrl()).isEqualTo("http://own:1/v1");
        assertThat(result.answeringModels().getFirst().apiKeyEnv()).isEqualTo("MY_KEY");
    }

    @Test
    void withoutAConfigJudgesDefaultToTheAnsweringModels() {
        RunConfig result = RunConfigOverrides.apply(null, List.of("openai:gpt-4o-mini"), List.of(), Map.of());
        assertThat(result.judges()).extracting(ModelConfig::canonicalKey).containsExactly("openai:gpt-4o-mini");
    }

    @Test
    void badFlagsAndNoModelAreInvalidInput() {
        assertThatThrownBy(() -> RunConfigOverrides.apply(null, List.of("gpt-4o"), List.of(), Map.of()))
                .isInstanceOf(InvalidInputException.class).hasMessage("--answering gpt-4o: expected INTERFACE:MODEL, e.g. openai:gpt-4o-mini");
        assertThatThrownBy(() -> RunConfigOverrides.apply(null, List.of(), List.of(), Map.of("OPENAI_API_KEY", SECRET)))
                .isInstanceOf(InvalidInputException.class).hasMessageNotContaining(SECRET)
                .hasMessageContaining("--answering");
    }

    @Test
    void anEndpointIsConfiguredByAnyOfTheThreeVariables() {
        assertThat(RunConfigOverrides.endpointConfigured(Map.of())).isFalse();
        assertThat(RunConfigOverrides.endpointConfigured(Map.of("OPENAI_API_KEY", " "))).isFalse();
        assertThat(RunConfigOverrides.endpointConfigured(Map.of("ANTHROPIC_API_KEY", SECRET))).isTrue();
        assertThat(RunConfigOverrides.endpointConfigured(Map.of("OPENAI_BASE_URL", "http://x/v1"))).isTrue();
    }

    @Test
    void theConfigAfterTheFlagsGoesThroughTheSameValidationUnderItsOwnLabel(@TempDir Path dir) throws IOException {
        Path benchmark = Files.writeString(dir.resolve("b.yaml"), """
                questions:
                  - {id: q1, question: Say hi, rubric: {traits: [{name: hi, kind: regex, pattern: hi}]}}
                """);
        Path config = Files.writeString(dir.resolve("run.yaml"), """
                answering_models: [{interface: openai, model: a, base_url: "http://127.0.0.1:9/v1"}]
                judges: [{interface: openai, model: j, base_url: "http://127.0.0.1:9/v1"}]
                evaluation_mode: rubric_only
                """);
        String expected = config + " (after --answering/--judge and the environment): judges[0].interface: "
                + "a judge must be a model; manual is only for answering";

        // run and submit both check the config as it will run, before starting or reaching anything
        CliRun run = CliRun.of("run", benchmark.toString(), "--config", config.toString(), "--judge", "manual:m");
        assertThat(run.exit()).as(run.toString()).isEqualTo(ExitCodes.INVALID_INPUT);
        assertThat(run.err().lines()).containsExactly(expected);
        CliRun submit = CliRun.of("submit", benchmark.toString(), "--config", config.toString(), "--judge", "manual:m",
                "--server", "http://127.0.0.1:9");
        assertThat(submit.exit()).as(submit.toString()).isEqualTo(ExitCodes.INVALID_INPUT);
        assertThat(submit.err().lines()).containsExactly(expected);

        // the cross-checks see the flags too, and still place what is in the benchmark file
        CliRun manual = CliRun.of("run", benchmark.toString(), "--config", config.toString(), "--answering", "manual:m");
        assertThat(manual.err().lines()).containsExactly(benchmark + ":2:5: questions[0]: no manual answer: " + config
                + " (after --answering/--judge and the environment):manual_answers has neither its id \"q1\" nor its MD5 \""
                + Question.md5("Say hi") + "\"");
    }
}
