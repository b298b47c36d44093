package dev.assay.cli;

import dev.assay.common.benchmark.Benchmark;
import dev.assay.common.run.ModelConfig;
import dev.assay.common.run.RunConfig;
import dev.assay.common.spec.RunSpecs;
import dev.assay.common.spec.RunTarget;
import dev.assay.common.spec.ValidRun;
import dev.assay.common.validation.SpecDocument;
import dev.assay.localstack.demo.DemoRules;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Everything {@code assay run}, {@code submit} and {@code validate} check before anything starts,
 * as one path, so that a pair {@code validate} passes is a pair {@code run} starts: the files as
 * written (problems placed in them), the flags, the judges, the demo model, the environment, and
 * then the run as it will run through the same validation again, for where it goes.
 */
final class RunPreparation {

    /** Where the run goes: {@code assay run}'s local stack (the demo model can run there), or a server. */
    enum Target {
        LOCAL, SERVER
    }

    /**
     * The run as it will run, and what the user is to be told about it.
     *
     * @param run         the validated run; demo models still carry {@code base_url: demo}
     * @param demoModels  the models the scripted demo model answers; empty when none
     * @param demoRules   the demo's rules, and the file they came from (null without demo models)
     * @param demoByFlag  the demo models named by {@code --demo-model} rather than by {@code base_url: demo}
     * @param notes       what was decided for the user (judges chosen, endpoints from the environment)
     */
    record Prepared(ValidRun run, Path configFile, List<ModelConfig> demoModels, DemoRules demoRules, Path demoRulesFile,
                    Set<String> demoByFlag, List<String> notes) {

        boolean demo() {
            return !demoModels.isEmpty();
        }

        /** The first line of a demo run: which models are scripted, and exactly what turns that off. */
        String demoLine() {
            List<String> byConfig = demoModels.stream().map(ModelConfig::canonicalKey).filter(key -> !demoByFlag.contains(key)).toList();
            List<String> byFlag = demoModels.stream().map(ModelConfig::canonicalKey).filter(demoByFlag::contains).toList();
            List<String> off = new ArrayList<>();
            if (!byConfig.isEmpty()) {
                off.add("for " + String.join(", ", byConfig) + ", replace base_url: demo in " + configFile
                        + " with the model's real base_url or api_key_env, or name other models with --answering / --judge");
            }
            if (!byFlag.isEmpty()) {
                off.add("for " + String.join(", ", byFlag) + ", leave out --demo-model " + demoRulesFile);
            }
            return "DEMO MODE: " + String.join(", ", demoModels.stream().map(ModelConfig::canonicalKey).toList())
                    + (demoModels.size() == 1 ? " is" : " are") + " answered by a scripted demo model (" + demoRulesFile
                    + "), not a real language model: these results say nothing about any real model. To evaluate a real one: "
                    + String.join("; ", off) + ".";
        }

        /** The run with its demo models pointed at the running demo model, validated again. */
        ValidRun pointedAt(String demoBaseUrl, Path benchmark, Map<String, String> env) {
            return RunConfigOverrides.validate(benchmark, run.benchmark(), configFile, DemoMode.pointAt(run.config(), demoBaseUrl),
                    RunTarget.localRun(env));
        }
    }

    private RunPreparation() {
    }

    /**
     * The run config alone as {@link #prepare} makes it for a server (written, then after the flags and
     * the environment, each checked for the server), and the notes for the user: for a submit whose
     * server checks the benchmark and the pair itself (the benchmark is then never read here).
     */
    static ConfigOnly prepareConfig(Path configFile, List<String> answering, List<String> judges, Map<String, String> env) {
        RunTarget full = RunTarget.server(env);
        boolean asWritten = answering.isEmpty() && judges.isEmpty();
        RunConfig written = RunSpecs.validateConfig(SpecDocument.file(configFile), asWritten ? full : full.asWritten()).orThrow();
        List<String> notes = new ArrayList<>();
        RunConfig config = RunConfigOverrides.apply(written, answering, judges, notes);
        config = RunConfigOverrides.realJudges(config, !answering.isEmpty(), !judges.isEmpty(), configFile.toString(), notes);
        config = RunConfigOverrides.withEnvironment(config, env, notes);
        config = RunSpecs.validateConfig(SpecDocument.value(configFile + " (after --answering/--judge and the environment)", config),
                full).orThrow();
        return new ConfigOnly(config, List.copyOf(notes));
    }

    /** A run config as it will run on a server, and what the user is to be told about it. */
    record ConfigOnly(RunConfig config, List<String> notes) {
    }

    /**
     * @param configFile the run config, or null (then {@code answering} must name a model)
     * @param demoFlag   {@code --demo-model}, or null
     * @param env        the environment the endpoint rule reads (System.getenv() outside tests)
     */
    static Prepared prepare(Path benchmark, Path configFile, List<String> answering, List<String> judges, Path demoFlag,
                            Map<String, String> env, Target target) {
        RunTarget full = target == Target.LOCAL ? RunTarget.localRun(env) : RunTarget.server(env);
        boolean asWritten = answering.isEmpty() && judges.isEmpty() && demoFlag == null;
        RunConfig written = null;
        Benchmark checked = null;
        if (configFile != null) {
            // What the user wrote is checked first, so its problems are placed in the files. Its models'
            // endpoints only when they run as written: flags may replace them, --demo-model serve them.
            ValidRun asFiles = RunSpecs.validate(SpecDocument.file(benchmark), SpecDocument.file(configFile),
                    asWritten ? full : full.asWritten()).orThrow();
            written = asFiles.config();
            checked = asFiles.benchmark();
        }
        List<String> notes = new ArrayList<>();
        RunConfig config = RunConfigOverrides.apply(written, answering, judges, notes);
        DemoRules flagRules = demoFlag == null ? null : DemoRules.load(demoFlag);
        Set<String> byFlag = Set.of();
        if (flagRules != null) {
            byFlag = DemoMode.servedByFlag(config, flagRules);
            if (byFlag.isEmpty() && DemoMode.models(config).isEmpty()) {
                throw new InvalidInputException("--demo-model " + demoFlag + " serves " + String.join(", ", flagRules.models())
                        + ", but no model of the run is one of them (an openai model without a base_url, or base_url: demo)");
            }
            config = DemoMode.markServed(config, flagRules);
        }
        config = RunConfigOverrides.realJudges(config, !answering.isEmpty(), !judges.isEmpty(),
                configFile == null ? null : configFile.toString(), notes);
        config = RunConfigOverrides.withEnvironment(config, env, notes);
        // The run config as it will run goes through the same validation before anything starts.
        // (the benchmark as checked above is not read again: only the config changed)
        ValidRun run = RunConfigOverrides.validate(benchmark, checked, configFile, config, full);

        List<ModelConfig> demoModels = DemoMode.models(run.config());
        DemoRules rules = null;
        Path rulesFile = null;
        if (!demoModels.isEmpty()) {
            // only for a local run: a server's target has rejected base_url: demo above
            rulesFile = demoFlag != null ? demoFlag : DemoMode.rulesNextTo(configFile != null ? configFile : benchmark);
            if (rulesFile == null) {
                throw new InvalidInputException(String.join(", ", demoModels.stream().map(ModelConfig::canonicalKey).toList())
                        + " name the scripted demo model (base_url: demo), but there is no " + DemoMode.RULES_FILE + " next to "
                        + (configFile != null ? configFile : benchmark) + " to script it; put one there or give --demo-model RULES.yaml");
            }
            rules = flagRules != null ? flagRules : DemoRules.load(rulesFile);
            DemoMode.requireServed(demoModels, rules, rulesFile);
        }
        return new Prepared(run, configFile, demoModels, rules, rulesFile, byFlag, List.copyOf(notes));
    }
}
