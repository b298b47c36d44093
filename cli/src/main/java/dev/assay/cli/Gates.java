package dev.assay.cli;

import dev.assay.cli.report.GroupSummary;
import dev.assay.cli.report.RunData;

import java.io.PrintWriter;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * The exit code a finished run earns (docs/cli.md, Exit codes): 4 when results in error exceed
 * {@code --max-error-rate}, else 1 when a group misses {@code --min-pass-rate}, else 0. Errors
 * take precedence because they make the pass rate itself unreliable: it is taken over fewer
 * results than were asked for. Every reason is printed, both gates' when both fail.
 */
final class Gates {

    private Gates() {
    }

    /** The code and the lines that explain it (empty for 0). */
    record Verdict(int exitCode, List<String> reasons) {
    }

    /**
     * @param minPassRate  {@code --min-pass-rate}; null when not given
     * @param maxErrorRate {@code --max-error-rate}
     */
    static Verdict of(RunData data, Double minPassRate, double maxErrorRate) {
        List<GroupSummary> groups = GroupSummary.of(data);
        List<String> errors = ErrorGate.misses(groups, maxErrorRate);
        List<String> misses = minPassRate == null ? List.of() : PassRateGate.misses(groups, minPassRate);
        List<String> reasons = new ArrayList<>();
        errors.forEach(line -> reasons.add("results in error: " + line));
        misses.forEach(line -> reasons.add("below --min-pass-rate: " + line));
        if (!errors.isEmpty() && !misses.isEmpty()) {
            reasons.add("exit " + ExitCodes.ERRORS + ": results in error take precedence over the missed --min-pass-rate (exit "
                    + ExitCodes.THRESHOLD_MISSED + " on its own)");
        }
        int code = !errors.isEmpty() ? ExitCodes.ERRORS : !misses.isEmpty() ? ExitCodes.THRESHOLD_MISSED : ExitCodes.OK;
        return new Verdict(code, List.copyOf(reasons));
    }

    /** Prints the verdict's reasons and returns its exit code. */
    static int apply(RunData data, Double minPassRate, double maxErrorRate, PrintWriter out) {
        Verdict verdict = of(data, minPassRate, maxErrorRate);
        verdict.reasons().forEach(out::println);
        out.flush();
        return verdict.exitCode();
    }

    static String name(GroupSummary group) {
        return group.key().answeringModel() + " (judge " + group.key().judge() + ")";
    }

    /** A rate as the user wrote it: 0.8, not 0.800. */
    static String rate(double rate) {
        return BigDecimal.valueOf(rate).stripTrailingZeros().toPlainString();
    }
}
