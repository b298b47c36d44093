package dev.assay.cli;

import dev.assay.common.benchmark.Benchmark;
import dev.assay.common.spec.RunSpecs;
import dev.assay.common.validation.SpecDocument;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code assay validate BENCHMARK [--config RUN.yaml]}: every problem as {@code file:line:column: path: message}; exit 2 when there is any. */
@Command(name = "validate", mixinStandardHelpOptions = true,
        description = "Check a benchmark (and a run config with it) without running anything.")
final class ValidateCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "BENCHMARK", description = "the benchmark file (YAML or JSON)")
    Path benchmark;

    @Option(names = "--config", paramLabel = "RUN.yaml", description = "a run config to check against the benchmark")
    Path config;

    @Override
    public Integer call() {
        Benchmark checked = config == null
                ? RunSpecs.validateBenchmark(SpecDocument.file(benchmark)).orThrow()
                : RunSpecs.validate(SpecDocument.file(benchmark), SpecDocument.file(config)).orThrow().benchmark();
        spec.commandLine().getOut().println(benchmark + ": " + checked.questions().size() + " questions, valid"
                + (config == null ? "" : "; " + config + ": valid with it"));
        return ExitCodes.OK;
    }
}
