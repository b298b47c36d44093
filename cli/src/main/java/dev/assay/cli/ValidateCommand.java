package dev.assay.cli;

import dev.assay.common.benchmark.Benchmark;
import dev.assay.common.run.ModelConfig;
import dev.assay.common.spec.RunSpecs;
import dev.assay.common.validation.SpecDocument;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code assay validate BENCHMARK [--config RUN.yaml]}: every check {@code assay run} makes before
 * it starts anything (the same {@link RunPreparation}), every problem as
 * {@code file:line:column: path: message}; exit 2 when there is any.
 */
@Command(name = "validate", mixinStandardHelpOptions = true,
        description = {"Check a benchmark and its run config as assay run would, without starting anything.",
                "The run config is --config, else run.yaml next to the benchmark; model endpoints are filled from the "
                        + "environment as assay run fills them."})
final class ValidateCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "BENCHMARK", description = "the benchmark file (YAML or JSON)")
    Path benchmark;

    @Option(names = "--config", paramLabel = "RUN.yaml",
            description = "the run config to check with the benchmark (default: run.yaml next to the benchmark)")
    Path config;

    @Option(names = "--demo-model", paramLabel = "RULES.yaml", description = "as for assay run")
    Path demoRules;

    @Option(names = "--answering", paramLabel = "INTERFACE:MODEL", description = "as for assay run (repeatable)")
    List<String> answering = new ArrayList<>();

    @Option(names = "--judge", paramLabel = "INTERFACE:MODEL", description = "as for assay run (repeatable)")
    List<String> judges = new ArrayList<>();

    /** A seam for tests; the default is the real thing. */
    Map<String, String> env = System.getenv();

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        Path configFile = config != null ? config : RunCommand.defaultConfig(benchmark);
        if (configFile == null && answering.isEmpty()) {
            Benchmark checked = RunSpecs.validateBenchmark(SpecDocument.file(benchmark)).orThrow();
            out.println(benchmark + ": " + checked.questions().size() + " questions, valid (no run config: give --config RUN.yaml "
                    + "or put a " + RunCommand.DEFAULT_CONFIG_FILE + " next to it to check the run as well)");
            return ExitCodes.OK;
        }
        RunPreparation.Prepared prepared = RunPreparation.prepare(benchmark, configFile, answering, judges, demoRules, env,
                RunPreparation.Target.LOCAL);
        out.println(benchmark + ": " + prepared.run().benchmark().questions().size() + " questions, valid; "
                + (configFile != null ? configFile + (config == null ? " (next to it)" : "") : "the models of --answering/--judge")
                + ": valid with it, as assay run would run it");
        prepared.notes().forEach(note -> out.println("  " + note));
        if (prepared.demo()) {
            out.println("  " + String.join(", ", prepared.demoModels().stream().map(ModelConfig::canonicalKey).toList())
                    + ": the scripted demo model (" + prepared.demoRulesFile() + "), which only assay run starts; "
                    + "submit needs their real endpoints");
        }
        out.flush();
        return ExitCodes.OK;
    }
}
