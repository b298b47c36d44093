package dev.assay.cli.report;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** How figures read in the terminal table and the HTML report, one place so both agree. */
final class Figures {

    static final String NONE = "-";

    private Figures() {
    }

    static String percent(Double rate) {
        return rate == null ? NONE : String.format(Locale.ROOT, "%.1f%%", rate * 100);
    }

    /** "75.0% ± 12.5%"; the error is left off when unknown (or from a single verdict). */
    static String passRate(GroupSummary group) {
        if (group.passRate() == null) {
            return NONE;
        }
        return group.passRateError() == null ? percent(group.passRate())
                : percent(group.passRate()) + " ± " + percent(group.passRateError());
    }

    /** "8 / 10 of 12": passed / results with a template verdict, of every result (errors included). */
    static String counts(GroupSummary group) {
        return group.passed() + " / " + group.scored() + " of " + group.results();
    }

    /** "49.0%–94.3%"; "-" without a verdict. */
    static String interval(GroupSummary.Interval interval) {
        return interval == null ? NONE : percent(interval.low()) + "–" + percent(interval.high());
    }

    /** The confidence as a label: "95% CI". */
    static String intervalLabel(GroupSummary.Interval interval) {
        double confidence = interval == null ? Wilson.CONFIDENCE : interval.confidence();
        return String.format(Locale.ROOT, "%.0f%% CI", confidence * 100);
    }

    /** pass@k of a group for one k; "-" when the group has no figure for it. */
    static String passAtK(GroupSummary group, int k) {
        return group.passAtK().stream().filter(p -> p.k() == k).findFirst().map(p -> percent(p.value())).orElse(NONE);
    }

    static String decimal(Double value) {
        return value == null ? NONE : String.format(Locale.ROOT, "%.2f", value);
    }

    /** A trait's headline: the pass rate for verdict kinds, the mean score for scored ones. */
    static String trait(GroupSummary.TraitSummary trait) {
        if (trait == null) {
            return NONE;
        }
        return trait.passRate() != null ? percent(trait.passRate()) : decimal(trait.meanScore());
    }

    static String failures(Map<String, Integer> failures) {
        if (failures.isEmpty()) {
            return NONE;
        }
        List<String> parts = new ArrayList<>();
        failures.forEach((category, n) -> parts.add(category + " " + n));
        return String.join(", ", parts);
    }

    static String cost(BigDecimal cost) {
        return cost == null ? NONE : "$" + cost.setScale(4, RoundingMode.HALF_UP).toPlainString();
    }
}
