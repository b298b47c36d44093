package dev.assay.cli;

import dev.assay.cli.report.Grouping;
import dev.assay.cli.report.RunData;
import picocli.CommandLine.Option;

import java.io.PrintWriter;

/**
 * The options that decide a followed run's exit code and how its summary table groups rows:
 * the same for {@code run}, {@code watch}, {@code retry} and {@code extend} (a picocli mixin).
 */
final class VerdictOptions {

    @Option(names = "--min-pass-rate", paramLabel = "X", converter = RateOption.class, description = RateOption.MIN_PASS_RATE)
    Double minPassRate;

    @Option(names = "--max-error-rate", paramLabel = "X", converter = RateOption.class, defaultValue = "0",
            description = RateOption.MAX_ERROR_RATE)
    double maxErrorRate;

    @Option(names = "--group-by", paramLabel = "model|tag", converter = GroupByOption.class, defaultValue = "model",
            description = GroupByOption.DESCRIPTION)
    Grouping groupBy = Grouping.MODEL;

    /** Prints the gates' verdict on {@code data} and returns the exit code it means. */
    int apply(RunData data, PrintWriter out) {
        return Gates.apply(data, minPassRate, maxErrorRate, out);
    }
}
