package dev.assay.cli;

import dev.assay.common.benchmark.Benchmark;
import dev.assay.common.run.ModelConfig;
import dev.assay.common.run.ModelInterfaces;
import dev.assay.common.run.RunConfig;
import dev.assay.common.spec.RunSpecs;
import dev.assay.common.spec.RunTarget;
import dev.assay.common.spec.ValidRun;
import dev.assay.common.validation.SpecDocument;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * What {@code assay run}, {@code submit} and {@code validate} change in the run config:
 * {@code --answering}/{@code --judge} replace the config's models (keeping the endpoint a model of
 * the same interface has in the config), a real answering model is never judged by the scripted
 * demo model without being asked, and the environment fills what a model leaves unset. Only the
 * <em>name</em> of a key variable goes into the config ({@code api_key_env}); the services read
 * its value from their own environment, so a key is never written, sent or printed by the CLI.
 */
final class RunConfigOverrides {

    private RunConfigOverrides() {
    }

    /**
     * The config's models replaced by the flags'. A flag's model takes its settings from the
     * config's model of the same {@code interface:model} (all but the id), else from the config's
     * first model of the same interface (all but the id and the prices, which belong to another
     * model): so {@code --answering openai:other} keeps the config's {@code base_url} and
     * {@code api_key_env} instead of silently calling api.openai.com. The scripted demo model's
     * {@code base_url: demo} is only kept for the same name: it serves names, not endpoints.
     *
     * @param config    the config file's content, or null when there is none (then {@code answering}
     *                  must name a model; judges default to the answering models)
     * @param answering {@code interface:model} flags, replacing the config's answering models when not empty
     * @param judges    {@code interface:model} flags, replacing the config's judges when not empty
     */
    static RunConfig apply(RunConfig config, List<String> answering, List<String> judges) {
        return apply(config, answering, judges, new ArrayList<>());
    }

    /**
     * As {@link #apply(RunConfig, List, List)}; an {@code --answering} model answers as an agent
     * when the config's model it takes its settings from does (the benchmark's tools go with it,
     * docs/agents.md), and {@code notes} says so when that model is another one, or why a model
     * answers without tools when the config has agents. A {@code --judge} model never takes an agent.
     */
    static RunConfig apply(RunConfig config, List<String> answering, List<String> judges, List<String> notes) {
        List<ModelConfig> configAnswering = config == null ? List.of() : config.answeringModels();
        List<ModelConfig> configJudges = config == null ? List.of() : config.judges();
        List<ModelConfig> answeringModels = answering.isEmpty() ? configAnswering
                : parse("--answering", answering, concat(configAnswering, configJudges));
        if (!answering.isEmpty()) {
            agentNotes(answeringModels, configAnswering, notes);
        }
        List<ModelConfig> judgeModels = !judges.isEmpty()
                ? parse("--judge", judges, concat(configJudges, configAnswering)).stream()
                        // a judge fills a template in one call: an answering model's agent block is not for it
                        .map(model -> model.isAgent() ? model.toBuilder().agent(null).build() : model).toList()
                : config == null ? answeringModels : configJudges;
        if (answeringModels.isEmpty()) {
            throw new InvalidInputException("no answering model: give --config RUN.yaml or --answering INTERFACE:MODEL");
        }
        RunConfig base = config != null ? config : RunConfig.builder().name("run").build();
        return base.withModels(answeringModels, judgeModels);
    }

    private static void agentNotes(List<ModelConfig> flagged, List<ModelConfig> configAnswering, List<String> notes) {
        List<ModelConfig> agents = configAnswering.stream().filter(model -> model != null && model.isAgent()).toList();
        if (agents.isEmpty()) {
            return;
        }
        for (ModelConfig model : flagged) {
            if (model.isAgent()) {
                agents.stream().filter(agent -> agent.agent().equals(model.agent())
                                && !(agent.model().equals(model.model()) && agent.interfaceName().equals(model.interfaceName())))
                        .findFirst()
                        .ifPresent(source -> notes.add(model.canonicalKey() + " answers as an agent with the agent block (tools, "
                                + "max_turns, timeout) of " + source.canonicalKey() + " in the run config"));
            } else if (!model.isManual()) {
                notes.add(model.canonicalKey() + " answers without tools: the run config's agent block belongs to "
                        + keys(agents) + ", and --answering takes a model's settings only from a model of its own interface ("
                        + model.interfaceName() + "); name one in the run config to give it the agent block");
            }
        }
    }

    /** {@code --no-cache}: the run calls every model afresh and stores nothing, whatever the config says. */
    static RunConfig noCache(RunConfig config, boolean noCache) {
        return noCache ? config.toBuilder().cache(dev.assay.common.run.CacheMode.OFF).build() : config;
    }

    /**
     * {@code --answering} without {@code --judge}: a real answering model is not judged by the
     * config's scripted demo judges. The config's real judges stay; without any, the answering
     * models judge (those that can: manual answers cannot); without those either, this refuses.
     *
     * @param config      the config after the flags and the demo marking
     * @param configName  how to name the config file in a message
     * @param notes       where to say what was decided
     */
    static RunConfig realJudges(RunConfig config, boolean answeringFlagged, boolean judgesFlagged, String configName,
                                List<String> notes) {
        if (!answeringFlagged || judgesFlagged || configName == null) {
            return config;
        }
        List<ModelConfig> realAnswering = config.answeringModels().stream().filter(model -> !model.isDemo()).toList();
        List<ModelConfig> demoJudges = config.judges().stream().filter(model -> model != null && model.isDemo()).toList();
        if (realAnswering.isEmpty() || demoJudges.isEmpty()) {
            return config;
        }
        String why = configName + "'s judge" + (demoJudges.size() == 1 ? " " : "s ") + keys(demoJudges)
                + (demoJudges.size() == 1 ? " is" : " are") + " the scripted demo model, which does not judge a real model's answers";
        List<ModelConfig> kept = config.judges().stream().filter(model -> model != null && !model.isDemo()).toList();
        if (!kept.isEmpty()) {
            notes.add("judging with " + keys(kept) + " only: --answering without --judge, and " + why
                    + "; name the judges with --judge INTERFACE:MODEL");
            return config.withModels(config.answeringModels(), kept);
        }
        List<ModelConfig> judging = realAnswering.stream().filter(model -> !model.isManual()).toList();
        if (judging.isEmpty()) {
            throw new InvalidInputException("--answering " + keys(realAnswering) + " without --judge: " + why
                    + ", and manual answers cannot judge; name a judge with --judge INTERFACE:MODEL");
        }
        notes.add("judging with " + keys(judging) + ", the --answering model" + (judging.size() == 1 ? "" : "s") + ": " + why
                + "; name another judge with --judge INTERFACE:MODEL");
        return config.withModels(config.answeringModels(), judging);
    }

    /**
     * The config with each model's unset endpoint filled from the environment
     * ({@link ModelInterfaces#withEnvironment}); {@code notes} gets a line per model filled.
     */
    static RunConfig withEnvironment(RunConfig config, Map<String, String> env, List<String> notes) {
        List<String> filled = new ArrayList<>();
        List<ModelConfig> answering = config.answeringModels().stream().map(model -> filled(model, env, filled)).toList();
        List<ModelConfig> judging = config.judges().stream().map(model -> filled(model, env, filled)).toList();
        filled.stream().distinct().forEach(notes::add);
        return config.withModels(answering, judging);
    }

    /**
     * The run as it will run: the benchmark file with the run config after the flags and the
     * environment, through the run's one validation. There is no text to place the config's
     * problems in, so they name the config as changed ({@code run.yaml (after --answering/--judge
     * and the environment): judges[0].interface: …}).
     */
    static ValidRun validate(Path benchmark, Path configFile, RunConfig overridden, RunTarget target) {
        return validate(benchmark, null, configFile, overridden, target);
    }

    /**
     * Like {@link #validate(Path, Path, RunConfig, RunTarget)} with the benchmark as a validation of
     * that file made it ({@code checked}; null: read it again): a 10,000-question file is then not read
     * and checked a second time, only the config and the pair are.
     */
    static ValidRun validate(Path benchmark, Benchmark checked, Path configFile, RunConfig overridden, RunTarget target) {
        String label = configFile == null ? "run config (from --answering/--judge and the environment)"
                : configFile + " (after --answering/--judge and the environment)";
        SpecDocument config = SpecDocument.value(label, overridden);
        return (checked == null ? RunSpecs.validate(SpecDocument.file(benchmark), config, target)
                : RunSpecs.validate(checked, SpecDocument.file(benchmark), config, target)).orThrow();
    }

    /** {@code interface:model}; the model part may itself hold colons (e.g. {@code openai:ft:gpt-4o:org}). */
    static ModelConfig parseModel(String flag, String value) {
        int colon = value.indexOf(':');
        if (colon <= 0 || colon == value.length() - 1) {
            throw new InvalidInputException(flag + " " + value + ": expected INTERFACE:MODEL, e.g. openai:gpt-4o-mini");
        }
        return ModelConfig.of(value.substring(0, colon), value.substring(colon + 1));
    }

    /** The flag's model with the settings of its counterpart in the config (see {@link #apply}). */
    static ModelConfig inherit(ModelConfig named, List<ModelConfig> candidates) {
        for (ModelConfig candidate : candidates) {
            if (candidate != null && Objects.equals(candidate.interfaceName(), named.interfaceName())
                    && Objects.equals(candidate.model(), named.model())) {
                return candidate.toBuilder().id(null).build();
            }
        }
        for (ModelConfig candidate : candidates) {
            if (candidate != null && Objects.equals(candidate.interfaceName(), named.interfaceName()) && !candidate.isDemo()) {
                return candidate.toBuilder().id(null).model(named.model()).prices(null).build();
            }
        }
        return named;
    }

    private static List<ModelConfig> parse(String flag, List<String> values, List<ModelConfig> candidates) {
        return values.stream().map(v -> inherit(parseModel(flag, v), candidates)).toList();
    }

    private static ModelConfig filled(ModelConfig model, Map<String, String> env, List<String> filled) {
        ModelConfig result = ModelInterfaces.global().withEnvironment(model, env);
        if (result != model && result != null) {
            List<String> from = new ArrayList<>();
            if (!Objects.equals(result.baseUrl(), model.baseUrl())) {
                from.add("base_url from " + ModelInterfaces.global().find(model.interfaceName()).orElseThrow().baseUrlVariable());
            }
            if (!Objects.equals(result.apiKeyEnv(), model.apiKeyEnv())) {
                from.add("its key from " + result.apiKeyEnv());
            }
            filled.add(model.canonicalKey() + ": " + String.join(", ", from) + " (the environment)");
        }
        return result;
    }

    private static String keys(List<ModelConfig> models) {
        return String.join(", ", models.stream().map(ModelConfig::canonicalKey).distinct().toList());
    }

    private static List<ModelConfig> concat(List<ModelConfig> first, List<ModelConfig> second) {
        return Stream.concat(first.stream(), second.stream()).toList();
    }
}
