package dev.assay.cli;

import dev.assay.common.benchmark.Question;
import dev.assay.common.json.Json;
import dev.assay.common.run.ModelConfig;
import dev.assay.common.run.ModelPrices;
import dev.assay.common.run.RunConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
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
                List.of("openai:judge-2"));
        assertThat(result.answeringModels()).extracting(ModelConfig::canonicalKey)
                .containsExactly("openai:gpt-4o-mini", "openai:ft:gpt-4o:org");
        assertThat(result.judges()).extracting(ModelConfig::canonicalKey).containsExactly("openai:judge-2");
        assertThat(result.replicates()).isEqualTo(2);
        assertThat(result.name()).isEqualTo("c");
    }

    @Test
    void anAnsweringFlagTakesTheAgentBlockOfItsModelAndAJudgeFlagNever() {
        dev.assay.common.port.AgentSettings tools = new dev.assay.common.port.AgentSettings(4, null,
                List.of(new dev.assay.common.port.McpServerConfig("facts", dev.assay.common.port.McpServerConfig.Transport.STDIO,
                        "python3", List.of("facts.py"), null, null, null)), null);
        RunConfig agentic = new RunConfig("c", List.of(ModelConfig.builder("openai", "gpt-4o-mini").agent(tools).build()),
                List.of(ModelConfig.of("anthropic", "judge")), 1, null, null, null, null, null, null);

        List<String> notes = new ArrayList<>();
        RunConfig same = RunConfigOverrides.apply(agentic, List.of("openai:gpt-4o-mini"), List.of(), notes);
        assertThat(same.answeringModels().getFirst().agent()).isEqualTo(tools);
        assertThat(notes).isEmpty();

        // another model of the interface: the benchmark's tools go with it, and the user is told
        RunConfig other = RunConfigOverrides.apply(agentic, List.of("openai:gpt-4o"), List.of(), notes);
        assertThat(other.answeringModels().getFirst().agent()).isEqualTo(tools);
        assertThat(notes).containsExactly("openai:gpt-4o answers as an agent with the agent block (tools, max_turns, timeout) "
                + "of openai:gpt-4o-mini in the run config");

        // a model of another interface has no model to take it from: it answers without tools, and says why
        notes.clear();
        RunConfig anthropic = RunConfigOverrides.apply(agentic, List.of("anthropic:claude-x"), List.of(), notes);
        assertThat(anthropic.answeringModels().getFirst().isAgent()).isFalse();
        assertThat(notes).singleElement().asString().startsWith("anthropic:claude-x answers without tools: the run config's agent "
                + "block belongs to openai:gpt-4o-mini");

        // a judge named by flag takes an openai model's endpoint, never its agent block (judges run no agent)
        RunConfig judged = RunConfigOverrides.apply(agentic, List.of(), List.of("openai:judge-2"), notes);
        assertThat(judged.judges().getFirst().isAgent()).isFalse();
        assertThat(judged.answeringModels().getFirst().agent()).isEqualTo(tools);
    }

    @Test
    void withoutFlagsTheConfigsModelsStay() {
        RunConfig result = RunConfigOverrides.apply(config(), List.of(), List.of());
        assertThat(result.answeringModels()).extracting(ModelConfig::canonicalKey).containsExactly("openai:from-file");
        assertThat(result.judges()).extracting(ModelConfig::canonicalKey).containsExactly("anthropic:judge");
    }

    @Test
    void environmentFillsUnsetEndpointsAndKeyNamesButNeverTheKeyValue() {
        Map<String, String> env = Map.of("OPENAI_BASE_URL", "http://127.0.0.1:9/v1", "OPENAI_API_KEY", SECRET,
                "ANTHROPIC_API_KEY", SECRET);
        List<String> notes = new ArrayList<>();
        RunConfig result = RunConfigOverrides.withEnvironment(config(), env, notes);
        ModelConfig openai = result.answeringModels().getFirst();
        assertThat(openai.baseUrl()).isEqualTo("http://127.0.0.1:9/v1");
        assertThat(openai.apiKeyEnv()).isEqualTo("OPENAI_API_KEY");
        assertThat(result.judges().getFirst().apiKeyEnv()).isEqualTo("ANTHROPIC_API_KEY");
        assertThat(result.judges().getFirst().baseUrl()).isNull();
        // what is submitted to the service, and what could ever be printed, holds the name only
        assertThat(Json.write(result)).doesNotContain(SECRET).contains("\"api_key_env\":\"OPENAI_API_KEY\"");
        assertThat(notes).containsExactly("openai:from-file: base_url from OPENAI_BASE_URL, its key from OPENAI_API_KEY (the environment)",
                "anthropic:judge: its key from ANTHROPIC_API_KEY (the environment)");
    }

    @Test
    void whatTheConfigSetsWinsOverTheEnvironment() {
        ModelConfig own = new ModelConfig(null, "openai", "m", "http://own:1/v1", "MY_KEY", null, null, null, null, null, null);
        RunConfig config = config().withModels(List.of(own), List.of(own));
        RunConfig result = RunConfigOverrides.withEnvironment(config,
                Map.of("OPENAI_BASE_URL", "http://env:2/v1", "OPENAI_API_KEY", SECRET), new ArrayList<>());
        assertThat(result.answeringModels().getFirst().baseUrl()).isEqualTo("http://own:1/v1");
        assertThat(result.answeringModels().getFirst().apiKeyEnv()).isEqualTo("MY_KEY");
    }

    @Test
    void withoutAConfigJudgesDefaultToTheAnsweringModels() {
        RunConfig result = RunConfigOverrides.apply(null, List.of("openai:gpt-4o-mini"), List.of());
        assertThat(result.judges()).extracting(ModelConfig::canonicalKey).containsExactly("openai:gpt-4o-mini");
    }

    @Test
    void badFlagsAndNoModelAreInvalidInput() {
        assertThatThrownBy(() -> RunConfigOverrides.apply(null, List.of("gpt-4o"), List.of()))
                .isInstanceOf(InvalidInputException.class).hasMessage("--answering gpt-4o: expected INTERFACE:MODEL, e.g. openai:gpt-4o-mini");
        assertThatThrownBy(() -> RunConfigOverrides.apply(null, List.of(), List.of()))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("--answering");
    }

    @Test
    void aFlagsModelKeepsTheEndpointAndSettingsOfTheConfigsModelOfTheSameInterface() {
        ModelPrices llamaPrices = new ModelPrices(new BigDecimal("0.1"), new BigDecimal("0.2"));
        ModelConfig llama = ModelConfig.builder("openai", "llama3").id("cool").baseUrl("http://127.0.0.1:11434/v1")
                .apiKeyEnv("LOCAL_KEY").temperature(0.2).maxTokens(300).prices(llamaPrices).build();
        ModelConfig claude = ModelConfig.builder("anthropic", "claude").baseUrl("https://proxy.example/v1").apiKeyEnv("TEAM_KEY").build();
        RunConfig config = config().withModels(List.of(llama), List.of(claude));

        RunConfig other = RunConfigOverrides.apply(config, List.of("openai:mistral", "openai:llama3"),
                List.of("anthropic:claude-2", "openai:judge"));

        // another model of the interface: the config's endpoint and settings, not its identity or prices
        assertThat(other.answeringModels().get(0)).isEqualTo(ModelConfig.builder("openai", "mistral")
                .baseUrl("http://127.0.0.1:11434/v1").apiKeyEnv("LOCAL_KEY").temperature(0.2).maxTokens(300).build());
        // the same interface:model: everything but the id, prices included
        assertThat(other.answeringModels().get(1)).isEqualTo(llama.toBuilder().id(null).build());
        assertThat(other.judges().get(0)).isEqualTo(ModelConfig.builder("anthropic", "claude-2")
                .baseUrl("https://proxy.example/v1").apiKeyEnv("TEAM_KEY").build());
        // no openai judge in the config: the config's openai answering model's endpoint
        assertThat(other.judges().get(1).baseUrl()).isEqualTo("http://127.0.0.1:11434/v1");
        assertThat(other.judges().get(1).apiKeyEnv()).isEqualTo("LOCAL_KEY");
        // an interface the config has no model of: as named
        assertThat(RunConfigOverrides.apply(config, List.of("manual:m"), List.of()).answeringModels())
                .containsExactly(ModelConfig.of("manual", "m"));
    }

    @Test
    void theDemoModelsBaseUrlIsKeptOnlyForItsOwnName() {
        ModelConfig demo = ModelConfig.builder("openai", "demo-answerer").baseUrl("demo").temperature(0.0).build();
        RunConfig config = config().withModels(List.of(demo), List.of(demo.toBuilder().model("demo-judge").build()));

        assertThat(RunConfigOverrides.apply(config, List.of("openai:gpt-4o-mini"), List.of()).answeringModels())
                .containsExactly(ModelConfig.of("openai", "gpt-4o-mini"));
        assertThat(RunConfigOverrides.apply(config, List.of("openai:demo-answerer"), List.of()).answeringModels())
                .containsExactly(demo);
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
