package dev.assay.common.spec;

import dev.assay.common.run.RunConfig;
import dev.assay.common.benchmark.Benchmark;
import dev.assay.common.validation.Problem;
import dev.assay.common.validation.Problems;
import dev.assay.common.validation.ReadDocument;
import dev.assay.common.validation.SpecDocument;
import dev.assay.common.validation.SpecReader;
import dev.assay.common.validation.Validation;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * The one validation of a run: reads a benchmark and a run config (YAML or JSON, from files, a
 * request's body or values built in code) and returns either every problem, each placed as
 * {@code file:line:column: path: message}, or a {@link ValidRun}. Each document is bound and checked
 * on its own ({@link SpecReader}), then the pair is checked together when both were read completely
 * (whatever their own checks found), so one round shows the user everything to fix. Nothing
 * downstream checks again.
 */
public final class RunSpecs {

    private RunSpecs() {
    }

    /** The benchmark and run config, checked on their own and together ({@link RunTarget#documents()}). */
    public static Validation<ValidRun> validate(SpecDocument benchmark, SpecDocument config) {
        return validate(benchmark, config, RunTarget.documents());
    }

    /**
     * Like {@link #validate(SpecDocument, SpecDocument)}, and every model's interface must be one of
     * {@code servedInterfaces} (those the deployment's services run): any other could only ever
     * produce error results.
     */
    public static Validation<ValidRun> validate(SpecDocument benchmark, SpecDocument config, Collection<String> servedInterfaces) {
        return validate(benchmark, config, RunTarget.deployment(servedInterfaces));
    }

    /** The benchmark and run config, checked on their own, together, and for where the run goes ({@link RunTarget}). */
    public static Validation<ValidRun> validate(SpecDocument benchmark, SpecDocument config, RunTarget target) {
        return validate(readBenchmark(benchmark), benchmark, config, target);
    }

    /**
     * A benchmark that already passed this validation as read from {@code benchmark} (its value, from a
     * {@link ValidRun} of that document), with another run config (the same file after command-line
     * overrides): the benchmark is not read and checked on its own again, only the config and the pair
     * are. A problem the pair has in the benchmark is still placed in its text.
     */
    public static Validation<ValidRun> validate(Benchmark checked, SpecDocument benchmark, SpecDocument config, RunTarget target) {
        return validate(SpecReader.alreadyRead(benchmark, checked), benchmark, config, target);
    }

    private static Validation<ValidRun> validate(ReadDocument<Benchmark> readBenchmark, SpecDocument benchmark, SpecDocument config,
                                                 RunTarget target) {
        ReadDocument<RunConfig> readConfig = SpecReader.read(config, RunConfig.class, null);
        List<Problem> problems = new ArrayList<>(readBenchmark.problems());
        problems.addAll(readConfig.problems());
        if (readConfig.value() != null) {
            Problems models = new Problems();
            RunModelChecks.check(readConfig.value(), target, models);
            problems.addAll(readConfig.report(models.errors()));
        }
        if (readBenchmark.complete() && readConfig.complete()) {
            // also when a document failed its own checks: the user sees what the pair lacks in the same round
            Problems inBenchmark = new Problems();
            Problems inConfig = new Problems();
            RunPairChecks.check(readBenchmark.value(), readConfig.value(), benchmark::refer, config::refer, inBenchmark, inConfig);
            problems.addAll(readBenchmark.report(inBenchmark.errors()));
            problems.addAll(readConfig.report(inConfig.errors()));
        }
        return problems.isEmpty()
                ? new Validation.Valid<>(new ValidRun(readBenchmark.value(), readConfig.value()))
                : new Validation.Invalid<>(problems);
    }

    /**
     * A benchmark and run config built in code (fixtures, a run config after command-line
     * overrides), validated as the documents they are written as, named {@code benchmark} and
     * {@code config}.
     */
    public static Validation<ValidRun> validate(Benchmark benchmark, RunConfig config) {
        return validate(SpecDocument.member("benchmark", benchmark), SpecDocument.member("config", config));
    }

    /**
     * A run config on its own, for where the run goes: what can be checked without its benchmark
     * (the pair is not). For a client whose server checks the benchmark and the pair itself.
     */
    public static Validation<RunConfig> validateConfig(SpecDocument config, RunTarget target) {
        ReadDocument<RunConfig> readConfig = SpecReader.read(config, RunConfig.class, null);
        List<Problem> problems = new ArrayList<>(readConfig.problems());
        if (readConfig.value() != null) {
            Problems models = new Problems();
            RunModelChecks.check(readConfig.value(), target, models);
            problems.addAll(readConfig.report(models.errors()));
        }
        return Validation.of(readConfig.value(), problems);
    }

    /** A benchmark on its own, when there is no run config yet (checking a file, rendering a prompt). */
    public static Validation<Benchmark> validateBenchmark(SpecDocument benchmark) {
        ReadDocument<Benchmark> read = readBenchmark(benchmark);
        return Validation.of(read.value(), read.problems());
    }

    /** A benchmark read from a file has the prompt files it names read from the file's folder before its checks. */
    private static ReadDocument<Benchmark> readBenchmark(SpecDocument benchmark) {
        return SpecReader.read(benchmark, Benchmark.class, benchmark.folder() == null ? null
                : (value, problems) -> BenchmarkLoader.inline(value, benchmark.folder(), problems));
    }
}
