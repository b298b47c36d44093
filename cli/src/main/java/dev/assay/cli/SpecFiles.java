package dev.assay.cli;

import dev.assay.common.benchmark.Benchmark;
import dev.assay.common.benchmark.BenchmarkLoader;
import dev.assay.common.run.RunConfig;
import dev.assay.common.run.RunPlanner;
import dev.assay.common.validation.Problems;
import dev.assay.common.validation.SpecReader;
import dev.assay.common.validation.ValidationError;
import dev.assay.common.validation.ValidationException;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a benchmark and a run config from disk and checks them together, reporting every problem
 * as {@code file:path: message} so an editor can jump to it.
 */
public final class SpecFiles {

    private SpecFiles() {
    }

    /** A checked benchmark and run config. */
    public record Checked(Benchmark benchmark, RunConfig config) {
    }

    /**
     * Loads both documents (prompt files inlined) and their cross-checks. Throws
     * {@link ValidationException} whose errors' paths start with the file they are in.
     */
    public static Checked load(Path benchmarkFile, Path configFile) {
        List<ValidationError> errors = new ArrayList<>();
        Benchmark benchmark = null;
        RunConfig config = null;
        try {
            benchmark = BenchmarkLoader.load(benchmarkFile);
        } catch (ValidationException e) {
            errors.addAll(inFile(benchmarkFile, e.errors()));
        }
        if (configFile != null) {
            try {
                config = SpecReader.read(read(configFile), RunConfig.class);
            } catch (ValidationException e) {
                errors.addAll(inFile(configFile, e.errors()));
            }
        }
        if (benchmark != null && config != null) {
            Problems problems = RunPlanner.check(benchmark, config, "@benchmark", "@config");
            for (ValidationError error : problems.errors()) {
                // the pair's own checks repeat each document's; only the cross-checks are new
                if (error.path().startsWith("@benchmark")) {
                    errors.add(located(benchmarkFile, error, "@benchmark"));
                } else {
                    errors.add(located(configFile, error, "@config"));
                }
            }
        }
        List<ValidationError> unique = errors.stream().distinct().toList();
        if (!unique.isEmpty()) {
            throw new ValidationException(unique);
        }
        return new Checked(benchmark, config);
    }

    /**
     * The pair's cross-checks for a config that is not (only) a file's content, e.g. after
     * {@code assay run}'s overrides; {@code configLabel} stands for the config in the messages.
     */
    public static void checkPair(Path benchmarkFile, Benchmark benchmark, String configLabel, RunConfig config) {
        Problems problems = RunPlanner.check(benchmark, config, "@benchmark", "@config");
        List<ValidationError> errors = problems.errors().stream()
                .map(error -> error.path().startsWith("@benchmark")
                        ? located(benchmarkFile, error, "@benchmark")
                        : located(Path.of(configLabel), error, "@config"))
                .distinct().toList();
        if (!errors.isEmpty()) {
            throw new ValidationException(errors);
        }
    }

    static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new InvalidInputException("cannot read \"" + file + "\": " + e.getMessage());
        }
    }

    private static List<ValidationError> inFile(Path file, List<ValidationError> errors) {
        return errors.stream().map(error -> new ValidationError(file + (error.path().isEmpty() ? "" : ":" + error.path()),
                error.message())).toList();
    }

    private static ValidationError located(Path file, ValidationError error, String prefix) {
        String path = error.path().substring(prefix.length());
        path = path.startsWith(".") ? path.substring(1) : path;
        return new ValidationError(file + (path.isEmpty() ? "" : ":" + path), error.message());
    }
}
