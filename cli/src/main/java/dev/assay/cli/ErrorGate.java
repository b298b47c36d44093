package dev.assay.cli;

import dev.assay.cli.report.GroupSummary;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code --max-error-rate}: results in error (status {@code error}: a model call that kept failing,
 * an unusable judge answer, a fault in Assay) say nothing about the model, so by default any one
 * fails the run, as Inspect's {@code --fail-on-error} does. A share up to the given rate is
 * allowed per answering model × judge. A run whose every result is in error fails whatever the
 * rate: nothing was measured.
 */
final class ErrorGate {

    private ErrorGate() {
    }

    /** One line per group whose share of errors is above {@code maxRate}; empty when every group is within it. */
    static List<String> misses(List<GroupSummary> groups, double maxRate) {
        List<String> misses = new ArrayList<>();
        int results = groups.stream().mapToInt(GroupSummary::results).sum();
        int errors = groups.stream().mapToInt(GroupSummary::errors).sum();
        for (GroupSummary group : groups) {
            if (group.results() == 0 || group.errors() == 0) {
                continue;
            }
            double share = (double) group.errors() / group.results();
            if (share > maxRate) {
                misses.add(String.format(Locale.ROOT, "%s: %d of %d results in error (%.1f%%), above --max-error-rate %s%s",
                        Gates.name(group), group.errors(), group.results(), 100 * share, Gates.rate(maxRate), categories(group)));
            }
        }
        if (misses.isEmpty() && results > 0 && errors == results) {
            misses.add("every one of the run's " + results + " results is in error: nothing was measured, whatever "
                    + "--max-error-rate allows");
        }
        return misses;
    }

    private static String categories(GroupSummary group) {
        List<String> parts = new ArrayList<>();
        // the failure categories of every result without a verdict; abstentions are not errors but say why too
        group.failures().forEach((category, n) -> {
            if (!"abstained".equals(category)) {
                parts.add(category + " " + n);
            }
        });
        return parts.isEmpty() ? "" : " (" + String.join(", ", parts) + ")";
    }
}
