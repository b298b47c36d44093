package dev.assay.cli;

import dev.assay.cli.report.GroupSummary;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code --min-pass-rate}: which answering model × judge groups fell below the threshold. The
 * pass rate is the report's ({@code pass_rate} of /statistics, each question weighing the same
 * across replicates; else /scores' {@code template_pass_rate}). A group with results but no
 * template verdict among them (every one in error, say) misses too: a run that measured nothing
 * has not met any threshold.
 */
final class PassRateGate {

    private PassRateGate() {
    }

    /** One line per group below {@code minimum} or without a verdict; empty when every group meets it. */
    static List<String> misses(List<GroupSummary> groups, double minimum) {
        List<String> misses = new ArrayList<>();
        for (GroupSummary group : groups) {
            String name = Gates.name(group);
            if (group.passRate() == null) {
                if (group.results() > 0) {
                    misses.add(String.format(Locale.ROOT, "%s: no template verdict among its %d results (%s), so no pass rate "
                            + "to meet %s", name, group.results(), whyNoVerdict(group), Gates.rate(minimum)));
                }
                continue;
            }
            if (group.passRate() < minimum) {
                misses.add(String.format(Locale.ROOT, "%s: pass rate %.3f (%d / %d scored of %d) is below %s", name,
                        group.passRate(), group.passed(), group.scored(), group.results(), Gates.rate(minimum)));
            }
        }
        return misses;
    }

    private static String whyNoVerdict(GroupSummary group) {
        if (!group.failures().isEmpty()) {
            List<String> parts = new ArrayList<>();
            group.failures().forEach((category, n) -> parts.add(category + " " + n));
            return String.join(", ", parts);
        }
        return group.errors() > 0 ? group.errors() + " in error" : "none has a template to verify";
    }
}
