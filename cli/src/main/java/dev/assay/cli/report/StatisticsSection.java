package dev.assay.cli.report;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The report's Statistics section: every figure of {@code /statistics} (replicate statistics per
 * group and per question) and of {@code /scores} (the whole run and each group's means) as the
 * server serves them, so the page holds every statistic of scores.json and statistics.json.
 */
final class StatisticsSection {

    private StatisticsSection() {
    }

    static void write(StringBuilder out, RunData data) {
        replicateStatistics(out, data.statistics());
        scores(out, data.scores());
    }

    private static void replicateStatistics(StringBuilder out, JsonNode statistics) {
        out.append("<h3>Replicate statistics</h3>\n");
        if (statistics == null) {
            out.append("<p class=\"muted\">Not available: this report was made without the run's /statistics.</p>\n");
            return;
        }
        Long replicates = Results.whole(statistics, "replicates");
        int k = replicates == null ? 1 : replicates.intValue();
        out.append("<p>").append(k).append(k == 1 ? " replicate" : " replicates")
                .append(" per question and answering model. Only results with a template verdict count; the pass rate "
                        + "weighs every question the same.</p>\n");
        out.append("<table>\n<thead><tr><th>answering model</th><th>judge</th><th>results</th><th>verdicts</th><th>passes</th>"
                + "<th>without verdict</th><th>questions</th><th>pass rate</th><th>standard error</th><th>95% CI</th>");
        for (int i = 1; i <= k; i++) {
            out.append("<th>pass@").append(i).append("</th>");
        }
        out.append("<th>majority vote</th></tr></thead>\n<tbody>\n");
        for (JsonNode group : Results.list(statistics, "groups")) {
            out.append("<tr>");
            cell(out, Results.text(group, "answering_model"));
            cell(out, Results.text(group, "judge"));
            num(out, whole(group, "results"));
            num(out, whole(group, "verdicts"));
            num(out, whole(group, "passes"));
            cell(out, counts(Results.at(group, "excluded")));
            num(out, whole(group, "questions"));
            num(out, Figures.percent(Results.number(group, "pass_rate")));
            String method = Results.text(group, "standard_error_method");
            num(out, Figures.percent(Results.number(group, "pass_rate_standard_error"))
                    + (method == null ? "" : " (" + method.replace('_', ' ') + ")"));
            JsonNode interval = Results.at(group, "pass_rate_interval");
            num(out, interval == null ? Figures.NONE
                    : Figures.percent(Results.number(interval, "low")) + "–" + Figures.percent(Results.number(interval, "high"))
                    + sampleSize(Results.number(interval, "sample_size")));
            List<JsonNode> passAtK = Results.list(group, "pass_at_k");
            for (int i = 1; i <= k; i++) {
                int wanted = i;
                JsonNode figure = passAtK.stream().filter(p -> Long.valueOf(wanted).equals(Results.whole(p, "k")))
                        .findFirst().orElse(null);
                num(out, figure == null ? Figures.NONE
                        : Figures.percent(Results.number(figure, "value")) + " (" + whole(figure, "questions") + " q.)");
            }
            num(out, Figures.percent(Results.number(group, "majority_vote_accuracy")));
            out.append("</tr>\n");
        }
        out.append("</tbody>\n</table>\n");
        out.append("<p class=\"muted\">pass@k: the chance that k verdicts drawn from a question's replicates hold a pass, "
                + "over the questions (q.) with at least k verdicts. Majority vote: the share of questions passed by more "
                + "than half their verdicts. The interval is taken at n shown (fewer than the verdicts when replicates of "
                + "a question agree with each other).</p>\n");

        List<JsonNode> questions = Results.list(statistics, "questions");
        if (questions.isEmpty()) {
            return;
        }
        out.append("<details id=\"question-statistics\"><summary>Per question: majority verdict and agreement (")
                .append(questions.size()).append(" rows)</summary>\n<table>\n<thead><tr><th>question</th><th>answering model</th>"
                        + "<th>judge</th><th>verdicts</th><th>passes</th><th>without verdict</th><th>majority verdict</th>"
                        + "<th>agreement</th></tr></thead>\n<tbody>\n");
        for (JsonNode question : questions) {
            String verdict = Results.text(question, "majority_verdict");
            out.append("<tr>");
            cell(out, Results.text(question, "question_id"));
            cell(out, Results.text(question, "answering_model"));
            cell(out, Results.text(question, "judge"));
            num(out, whole(question, "replicates"));
            num(out, whole(question, "passes"));
            num(out, whole(question, "excluded"));
            out.append("<td class=\"").append(Html.escape(verdict == null ? "" : verdict)).append("\">")
                    .append(Html.escape(verdict == null ? Figures.NONE : verdict)).append("</td>");
            num(out, Figures.percent(Results.number(question, "agreement")));
            out.append("</tr>\n");
        }
        out.append("</tbody>\n</table>\n</details>\n");
    }

    private static void scores(StringBuilder out, JsonNode scores) {
        out.append("<h3>Means</h3>\n");
        if (scores == null) {
            out.append("<p class=\"muted\">Not available: this report was made without the run's /scores.</p>\n");
            return;
        }
        List<JsonNode> rows = new ArrayList<>();
        JsonNode overall = Results.at(scores, "overall");
        if (overall != null) {
            rows.add(overall);
        }
        rows.addAll(Results.list(scores, "groups"));
        out.append("<table>\n<thead><tr><th>answering model</th><th>judge</th><th>results</th><th>by status</th>"
                + "<th>template pass rate (pooled)</th><th>nuggets scored / evaluated</th>");
        GroupSummary.NUGGET_SCORES.forEach(n -> out.append("<th>").append(n).append("</th>"));
        out.append("</tr></thead>\n<tbody>\n");
        List<String[]> traitRows = new ArrayList<>();
        for (JsonNode group : rows) {
            boolean whole = group == overall;
            String model = whole ? "whole run" : Results.text(group, "answering_model");
            String judge = whole ? "" : Results.text(group, "judge");
            out.append("<tr>");
            cell(out, model);
            cell(out, judge);
            num(out, whole(group, "results"));
            cell(out, counts(Results.at(group, "by_status")));
            num(out, Figures.percent(Results.number(group, "template_pass_rate")));
            JsonNode nuggets = Results.at(group, "nuggets");
            num(out, nuggets == null ? Figures.NONE : whole(nuggets, "scored") + " / " + whole(nuggets, "evaluated"));
            GroupSummary.NUGGET_SCORES.forEach(n -> num(out, Figures.decimal(Results.number(nuggets, n))));
            out.append("</tr>\n");
            for (JsonNode trait : Results.list(group, "traits")) {
                traitRows.add(new String[]{model, judge, Results.text(trait, "name"), Results.text(trait, "kind"),
                        whole(trait, "scored"), whole(trait, "errors"), Figures.percent(Results.number(trait, "pass_rate")),
                        Figures.decimal(Results.number(trait, "mean_score"))});
            }
        }
        out.append("</tbody>\n</table>\n");
        if (traitRows.isEmpty()) {
            return;
        }
        out.append("<table>\n<thead><tr><th>answering model</th><th>judge</th><th>trait</th><th>kind</th><th>scored</th>"
                + "<th>not scored</th><th>pass rate</th><th>mean score</th></tr></thead>\n<tbody>\n");
        for (String[] row : traitRows) {
            out.append("<tr>");
            for (int i = 0; i < row.length; i++) {
                if (i < 4) {
                    cell(out, row[i]);
                } else {
                    num(out, row[i]);
                }
            }
            out.append("</tr>\n");
        }
        out.append("</tbody>\n</table>\n");
    }

    /** "error 4, abstained 1" of a status → count object; "-" when empty. */
    private static String counts(JsonNode byStatus) {
        if (byStatus == null || byStatus.isEmpty()) {
            return Figures.NONE;
        }
        List<String> parts = new ArrayList<>();
        for (Map.Entry<String, JsonNode> entry : byStatus.properties()) {
            parts.add(entry.getKey() + " " + entry.getValue().asText());
        }
        return String.join(", ", parts);
    }

    private static String sampleSize(Double n) {
        if (n == null) {
            return "";
        }
        return n == Math.rint(n) ? String.format(Locale.ROOT, " (n %d)", n.longValue()) : String.format(Locale.ROOT, " (n %.1f)", n);
    }

    private static String whole(JsonNode node, String field) {
        Long value = Results.whole(node, field);
        return value == null ? Figures.NONE : String.valueOf(value);
    }

    private static void cell(StringBuilder out, String text) {
        out.append("<td>").append(Html.escape(text == null ? Figures.NONE : text)).append("</td>");
    }

    private static void num(StringBuilder out, String text) {
        out.append("<td class=\"num\">").append(Html.escape(text)).append("</td>");
    }
}
