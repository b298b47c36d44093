package dev.assay.cli.report;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The report's charts as inline SVG: drawn here rather than by a chart library so the page needs
 * no script and no network, and still prints.
 */
final class SvgCharts {

    private static final int LABEL_WIDTH = 300;
    private static final int BAR_WIDTH = 320;
    private static final int ROW = 26;
    private static final int MAX_BINS = 10;

    private SvgCharts() {
    }

    /** Horizontal bars of the template pass rate per group, with its 95 % confidence interval as whiskers. */
    static String passRates(List<GroupSummary> groups) {
        List<GroupSummary> shown = groups.stream().filter(g -> g.passRate() != null).toList();
        if (shown.isEmpty()) {
            return "<p class=\"muted\">No template verdicts: no pass rate to chart.</p>";
        }
        int width = LABEL_WIDTH + BAR_WIDTH + 120;
        int height = ROW * shown.size() + 30;
        StringBuilder svg = new StringBuilder();
        svg.append("<svg class=\"chart\" role=\"img\" aria-label=\"Template pass rate per answering model and judge\" width=\"")
                .append(width).append("\" height=\"").append(height).append("\" viewBox=\"0 0 ").append(width).append(' ')
                .append(height).append("\">\n");
        // gridlines at 0, 25, 50, 75, 100 %
        for (int p = 0; p <= 100; p += 25) {
            double x = LABEL_WIDTH + BAR_WIDTH * p / 100.0;
            svg.append(String.format(Locale.ROOT,
                    "<line x1=\"%.1f\" y1=\"0\" x2=\"%.1f\" y2=\"%d\" class=\"grid\"/><text x=\"%.1f\" y=\"%d\" class=\"axis\" text-anchor=\"middle\">%d%%</text>\n",
                    x, x, height - 20, x, height - 6, p));
        }
        for (int i = 0; i < shown.size(); i++) {
            GroupSummary group = shown.get(i);
            double rate = group.passRate();
            int y = i * ROW + 4;
            svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%s</text>\n",
                    LABEL_WIDTH - 8, y + 15, Html.escape(group.key().toString())));
            svg.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"18\" class=\"bar\"><title>%s</title></rect>\n",
                    LABEL_WIDTH, y, BAR_WIDTH * rate, Html.escape(group.key() + ": " + Figures.passRate(group)
                            + ", 95% CI " + Figures.interval(group.interval()) + ", " + Figures.counts(group))));
            if (group.interval() != null) {
                double lo = LABEL_WIDTH + BAR_WIDTH * group.interval().low();
                double hi = LABEL_WIDTH + BAR_WIDTH * group.interval().high();
                int mid = y + 9;
                svg.append(String.format(Locale.ROOT,
                        "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" class=\"whisker\"/>"
                                + "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" class=\"whisker\"/>"
                                + "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" class=\"whisker\"/>\n",
                        lo, mid, hi, mid, lo, mid - 5, lo, mid + 5, hi, mid - 5, hi, mid + 5));
            }
            svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\">%s</text>\n",
                    LABEL_WIDTH + BAR_WIDTH + 8, y + 15, Html.escape(Figures.passRate(group))));
        }
        svg.append("</svg>\n");
        // say which pairs are missing rather than let a short chart suggest they were not run
        List<String> missing = groups.stream().filter(g -> g.passRate() == null).map(g -> g.key().toString()).toList();
        if (!missing.isEmpty()) {
            svg.append("<p class=\"muted\">No template verdict for ").append(Html.escape(String.join(", ", missing)))
                    .append(".</p>\n");
        }
        return svg.toString();
    }

    /**
     * One small bar chart of how a trait came out over all results: pass/fail counts for verdict
     * kinds, label counts for literal kinds, score counts (binned when there are many distinct
     * scores) otherwise; errors get their own bar so they are not mistaken for low scores.
     */
    static String traitDistribution(String name, List<JsonNode> results) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        TreeMap<Double, Integer> scores = new TreeMap<>();
        int errors = 0;
        for (JsonNode result : results) {
            JsonNode trait = Results.trait(result, name);
            if (trait == null) {
                continue;
            }
            if (Results.text(trait, "error") != null) {
                errors++;
            } else if (Results.at(trait, "passed") != null) {
                counts.merge(Results.at(trait, "passed").asBoolean() ? "pass" : "fail", 1, Integer::sum);
            } else if (Results.text(trait, "label") != null) {
                counts.merge(Results.text(trait, "label"), 1, Integer::sum);
            } else if (Results.number(trait, "score") != null) {
                scores.merge(Results.number(trait, "score"), 1, Integer::sum);
            }
        }
        counts.putAll(scoreBins(scores));
        if (errors > 0) {
            counts.put("error", errors);
        }
        return bars(name, counts);
    }

    private static Map<String, Integer> scoreBins(TreeMap<Double, Integer> scores) {
        Map<String, Integer> bins = new LinkedHashMap<>();
        if (scores.size() <= MAX_BINS) {
            scores.forEach((score, n) -> bins.put(Figures.decimal(score).replaceAll("\\.?0+$", ""), n));
            return bins;
        }
        double lo = scores.firstKey();
        double hi = scores.lastKey();
        double step = (hi - lo) / MAX_BINS;
        int[] counts = new int[MAX_BINS];
        scores.forEach((score, n) -> counts[Math.min(MAX_BINS - 1, (int) ((score - lo) / step))] += n);
        for (int i = 0; i < MAX_BINS; i++) {
            bins.put(Figures.decimal(lo + i * step) + "–" + Figures.decimal(lo + (i + 1) * step), counts[i]);
        }
        return bins;
    }

    private static String bars(String name, Map<String, Integer> counts) {
        int max = counts.values().stream().mapToInt(Integer::intValue).max().orElse(0);
        int barWidth = counts.size() > 5 ? 36 : 48;
        int width = Math.max(160, counts.size() * (barWidth + 8) + 16);
        int chart = 90;
        int height = chart + 40;
        StringBuilder svg = new StringBuilder();
        svg.append("<figure class=\"trait\"><figcaption>").append(Html.escape(name)).append("</figcaption>\n");
        svg.append("<svg class=\"chart\" role=\"img\" aria-label=\"").append(Html.escape("Distribution of trait " + name))
                .append("\" width=\"").append(width).append("\" height=\"").append(height).append("\" viewBox=\"0 0 ")
                .append(width).append(' ').append(height).append("\">\n");
        List<String> labels = new ArrayList<>(counts.keySet());
        for (int i = 0; i < labels.size(); i++) {
            String label = labels.get(i);
            int n = counts.get(label);
            double h = max == 0 ? 0 : (double) chart * n / max;
            int x = 8 + i * (barWidth + 8);
            String css = "error".equals(label) ? "bar error" : "fail".equals(label) ? "bar fail" : "bar";
            svg.append(String.format(Locale.ROOT,
                    "<rect x=\"%d\" y=\"%.1f\" width=\"%d\" height=\"%.1f\" class=\"%s\"><title>%s</title></rect>"
                            + "<text x=\"%d\" y=\"%.1f\" text-anchor=\"middle\" class=\"axis\">%d</text>"
                            + "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" class=\"axis\">%s</text>\n",
                    x, 14 + chart - h, barWidth, h, css, Html.escape(label + ": " + n),
                    x + barWidth / 2, 12 + chart - h, n,
                    x + barWidth / 2, chart + 30, Html.escape(shorten(label))));
        }
        svg.append("</svg></figure>\n");
        return svg.toString();
    }

    private static String shorten(String label) {
        return label.length() <= 8 ? label : label.substring(0, 7) + "…";
    }
}
