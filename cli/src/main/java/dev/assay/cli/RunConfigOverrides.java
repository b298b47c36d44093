package dev.assay.cli;

import dev.assay.common.run.ModelConfig;
import dev.assay.common.run.RunConfig;
import dev.assay.common.spec.RunSpecs;
import dev.assay.common.spec.ValidRun;
import dev.assay.common.validation.SpecDocument;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * What {@code assay run} changes in the run config: {@code --answering}/{@code --judge} replace the
 * config's models, and the environment fills what a model leaves unset. Only the <em>name</em> of a
 * key variable goes into the config ({@code api_key_env}); the services read its value from their
 * own environment, so a key is never written, sent or printed by the CLI.
 */
final class RunConfigOverrides {

    static final String OPENAI_BASE_URL = "OPENAI_BASE_URL";
    static final String OPENAI_API_KEY = "OPENAI_API_KEY";
    static final String ANTHROPIC_API_KEY = "ANTHROPIC_API_KEY";

    private RunConfigOverrides() {
    }

    /**
     * @param config    the config file's content, or null when there is none (then {@code answering}
     *                  must name a model; judges default to the answering models)
     * @param answering {@code interface:model} flags, replacing the config's answering models when not empty
     * @param judges    {@code interface:model} flags, replacing the config's judges when not empty
     * @param env       the environment (System.getenv() outside tests)
     */
    static RunConfig apply(RunConfig config, List<String> answering, List<String> judges, Map<String, String> env) {
        List<ModelConfig> answeringModels = answering.isEmpty()
                ? (config == null ? List.of() : config.answeringModels())
                : parse("--answering", answering);
        List<ModelConfig> judgeModels = judges.isEmpty()
                ? (config == null ? answeringModels : config.judges())
                : parse("--judge", judges);
        if (answeringModels.isEmpty()) {
            throw new InvalidInputException("no answering model: give --config RUN.yaml or --answering INTERFACE:MODEL");
        }
        RunConfig base = config != null ? config : RunConfig.builder().build();
        return base.withModels(answeringModels.stream().map(m -> fromEnvironment(m, env)).toList(),
                judgeModels.stream().map(m -> fromEnvironment(m, env)).toList());
    }

    /**
     * The run as it will run: the benchmark file with the run config after the flags and the
     * environment, through the run's one validation. There is no text to place the config's
     * problems in, so they name the config as changed ({@code run.yaml (after --answering/--judge
     * and the environment): judges[0].interface: …}).
     */
    static ValidRun validate(Path benchmark, Path configFile, RunConfig overridden) {
        String label = configFile == null ? "run config (from --answering/--judge and the environment)"
                : configFile + " (after --answering/--judge and the environment)";
        return RunSpecs.validate(SpecDocument.file(benchmark), SpecDocument.value(label, overridden)).orThrow();
    }

    /** {@code interface:model}; the model part may itself hold colons (e.g. {@code openai:ft:gpt-4o:org}). */
    static ModelConfig parseModel(String flag, String value) {
        int colon = value.indexOf(':');
        if (colon <= 0 || colon == value.length() - 1) {
            throw new InvalidInputException(flag + " " + value + ": expected INTERFACE:MODEL, e.g. openai:gpt-4o-mini");
        }
        return ModelConfig.of(value.substring(0, colon), value.substring(colon + 1));
    }

    private static List<ModelConfig> parse(String flag, List<String> values) {
        return values.stream().map(v -> parseModel(flag, v)).toList();
    }

    /** Fills base_url and api_key_env from the environment where the model leaves them unset. */
    static ModelConfig fromEnvironment(ModelConfig model, Map<String, String> env) {
        String baseUrl = model.baseUrl();
        String keyEnv = model.apiKeyEnv();
        switch (model.interfaceName()) {
            case "openai" -> {
                if (baseUrl == null && present(env, OPENAI_BASE_URL)) {
                    baseUrl = env.get(OPENAI_BASE_URL);
                }
                if (keyEnv == null && present(env, OPENAI_API_KEY)) {
                    keyEnv = OPENAI_API_KEY;
                }
            }
            case "anthropic" -> {
                if (keyEnv == null && present(env, ANTHROPIC_API_KEY)) {
                    keyEnv = ANTHROPIC_API_KEY;
                }
            }
            default -> {
                return model;
            }
        }
        return model.withEndpoint(baseUrl, keyEnv);
    }

    /** Whether a run without a config file has any real model endpoint to talk to. */
    static boolean endpointConfigured(Map<String, String> env) {
        return present(env, OPENAI_BASE_URL) || present(env, OPENAI_API_KEY) || present(env, ANTHROPIC_API_KEY);
    }

    private static boolean present(Map<String, String> env, String name) {
        String value = env.get(name);
        return value != null && !value.isBlank();
    }
}
