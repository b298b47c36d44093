package dev.assay.cli.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * report.html: one self-contained page to read a run in a browser or attach to a ticket. It
 * carries the web viewer's own code ({@link ViewerBundle}) and the run's data ({@link ViewerData}),
 * so a browser draws the same pages as the viewer at {@code /ui/} — the matrix, the charts, each
 * result — offline, from {@code file://}. Under it, a static report in plain HTML (inline CSS and
 * SVG, drill-downs as {@code <details>}) stands alone where scripts may not run (a strict
 * Content-Security-Policy); with scripts, only its summary and statistics tables stay, beside the
 * run's page. Nothing is fetched from anywhere.
 */
public final class HtmlReport {

    private static final ObjectMapper PRETTY = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private static final String STYLE = """
            body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:2rem;color:#1d1d1f;max-width:1200px}
            h1{font-size:1.5rem}h2{margin-top:2rem;border-bottom:1px solid #ddd}
            table{border-collapse:collapse;margin:.5rem 0;font-size:.9rem}
            th,td{border:1px solid #ddd;padding:.25rem .5rem;text-align:left;vertical-align:top}
            th{background:#f5f5f7}td.num{text-align:right;font-variant-numeric:tabular-nums}
            pre{background:#f5f5f7;padding:.5rem;white-space:pre-wrap;word-break:break-word;margin:.25rem 0}
            details{margin:.25rem 0 .25rem 0}details details{margin-left:1.25rem}
            summary{cursor:pointer}.muted{color:#6e6e73}
            .passed,.pass,.support{color:#1a7f37}.failed,.fail,.not_support{color:#cf222e}
            .error{color:#6f42c1}.abstained,.insufficient,.partial_support{color:#9a6700}
            span.status{display:inline-block;padding:0 .45rem;border-radius:1rem;font-weight:600;font-size:.85rem}
            span.status.passed{background:#d4f4dc}span.status.failed{background:#ffd9d9}span.status.error{background:#e9ddff}
            span.status.abstained,span.status.insufficient{background:#fff1c2}span.status.scored{background:#dbeafe;color:#0969da}
            details.question{border-left:4px solid #1a7f37;padding-left:.5rem}details.question.bad{border-left-color:#cf222e}
            details.question.has-error{border-left-color:#6f42c1}
            .wide{overflow-x:auto;max-width:100%}dl.run{display:grid;grid-template-columns:max-content 1fr;gap:.2rem 1rem}
            dl.run dt{color:#6e6e73}dl.run dd{margin:0}
            .chart text{font-size:12px;fill:#1d1d1f}.chart .axis{fill:#6e6e73;font-size:11px}
            .chart .grid{stroke:#e5e5ea}.chart .bar{fill:#4f7bd9}.chart .bar.fail{fill:#d9534f}.chart .bar.error{fill:#d9a441}
            .chart .whisker{stroke:#1d1d1f;stroke-width:1.5}
            figure.trait{display:inline-block;margin:0 1rem 1rem 0}figcaption{font-weight:600;font-size:.9rem}
            .role{font-weight:600;font-size:.85rem;text-transform:uppercase;color:#6e6e73}
            """ + AgentTraceHtml.STYLE;

    /** The static report's frame, apart from the viewer's look it shares the page with. */
    private static final String FRAME_STYLE = """
            #static-report{margin:2rem;max-width:1200px}#static-report th,#static-report td{border:1px solid #ddd}
            """;

    /**
     * Run after the viewer's code: shows its pages; the static report keeps only what the viewer
     * has no page for (the summary and statistics tables, the cache line), under the run's page.
     */
    private static final String START = """
            document.getElementById('viewer-shell').hidden = false;
            (() => {
              const report = document.getElementById('static-report');
              for (const part of report.children) if (!['summary', 'statistics', 'cache'].includes(part.id)) part.hidden = true;
              const follow = () => { report.hidden = /^#\\/(runs\\/[^/]+\\/results|compare)\\//.test(location.hash); };
              window.addEventListener('hashchange', follow);
              follow();
            })();
            """;

    private HtmlReport() {
    }

    /** The whole page as text (assay report, tests); {@link Reports#writeAll} streams it into the file instead. */
    public static String write(RunData data) {
        StringWriter page = new StringWriter();
        try {
            write(data, Reports.compact(data.results()), page);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return page.toString();
    }

    /**
     * Writes the page to {@code page} as it is made: the static report a question at a time, then
     * the run's data ({@code compactResults}: each result as compact JSON, as results.jsonl has them)
     * and the viewer's code, so a run of thousands of results is never one string in memory.
     */
    static void write(RunData data, List<String> compactResults, Writer page) throws IOException {
        List<GroupSummary> groups = GroupSummary.of(data);
        List<String> traits = Results.traitNames(data.results());
        StringBuilder out = new StringBuilder();
        out.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<title>Assay run ").append(Html.escape(data.runId())).append("</title>\n")
                .append("<style>\n").append(ViewerBundle.style()).append(STYLE).append(FRAME_STYLE).append("</style>\n</head>\n<body>\n");
        // the viewer's pages, drawn by its own code from the data below (docs/viewer.md, report.html);
        // shown by that code, so without scripts (a strict Content-Security-Policy) the static report stands alone
        out.append("<div id=\"viewer-shell\" hidden>\n<header class=\"top\"><a class=\"brand\" href=\"#/\">Assay</a>")
                .append("<nav><a href=\"#/\">Run</a></nav><span class=\"muted\">report.html</span><span id=\"conn\" class=\"muted\"></span></header>\n")
                .append("<main id=\"app\"></main>\n</div>\n<div id=\"static-report\">\n");
        out.append("<h1>Assay run <code>").append(Html.escape(data.runId())).append("</code></h1>\n");
        out.append("<p class=\"muted\">").append(data.results().size()).append(" results, ")
                .append(groups.size()).append(" answering model × judge pairs.</p>\n");
        RunHeader.write(out, data);
        String cache = CacheSavings.of(data.results()).sentence();
        if (!cache.isEmpty()) {
            out.append("<p class=\"muted\" id=\"cache\">").append(Html.escape(cache)).append(".</p>\n");
        }

        out.append("<section id=\"summary\">\n<h2>Summary</h2>\n");
        out.append("<div class=\"wide\">\n");
        summary(out, groups, traits);
        out.append("</div>\n");
        out.append(SUMMARY_NOTE);
        byTag(out, data, traits);
        out.append("</section>\n");

        out.append("<section id=\"statistics\">\n<h2>Statistics</h2>\n");
        StatisticsSection.write(out, data);
        out.append("</section>\n");

        out.append("<section id=\"charts\">\n<h2>Charts</h2>\n<h3>Template pass rate (with its 95% confidence interval)</h3>\n");
        out.append(SvgCharts.passRates(groups));
        if (!traits.isEmpty()) {
            out.append("<h3>Trait scores over all results</h3>\n<div>\n");
            for (String trait : traits) {
                out.append(SvgCharts.traitDistribution(trait, data.results()));
            }
            out.append("</div>\n");
        }
        out.append("</section>\n");

        out.append("<section id=\"questions\">\n<h2>Questions</h2>\n<p class=\"muted\">Questions with a failed or "
                + "errored result first, then the others, each by question id: the same order for every run of a benchmark.</p>\n");
        questions(out, data.results(), page);
        out.append("</section>\n</div>\n");
        out.append("<script type=\"application/json\" id=\"assay-report-data\">");
        flush(out, page);
        ViewerData.write(data, compactResults, page);
        page.append("</script>\n");
        page.append("<script type=\"module\">\n").append(ViewerBundle.script()).append(START).append("</script>\n</body>\n</html>\n");
    }

    /** Hands what {@code out} holds to the page and empties it. */
    private static void flush(StringBuilder out, Writer page) throws IOException {
        page.append(out);
        out.setLength(0);
    }

    private static void summary(StringBuilder out, List<GroupSummary> groups, List<String> traits) {
        boolean nuggets = groups.stream().anyMatch(g -> !g.nuggets().isEmpty());
        boolean cost = groups.stream().anyMatch(g -> g.costUsd() != null);
        out.append("<table>\n<thead><tr><th>answering model</th><th>judge</th><th>passed / scored of results</th>"
                + "<th>errors</th><th>template pass rate ± SE</th><th>95% CI</th>");
        for (String trait : traits) {
            out.append("<th>").append(Html.escape(trait)).append("</th>");
        }
        if (nuggets) {
            GroupSummary.NUGGET_SCORES.forEach(n -> out.append("<th>nuggets ").append(n).append("</th>"));
        }
        out.append("<th>failures</th><th>input tokens</th><th>output tokens</th><th>total tokens</th>");
        if (cost) {
            out.append("<th>cost</th>");
        }
        out.append("</tr></thead>\n<tbody>\n");
        for (GroupSummary group : groups) {
            out.append("<tr><td>").append(Html.escape(group.key().answeringModel())).append("</td><td>")
                    .append(Html.escape(group.key().judge())).append("</td>");
            num(out, Figures.counts(group));
            num(out, String.valueOf(group.errors()));
            num(out, Figures.passRate(group)
                    + (group.errorMethod() == null ? "" : " (" + group.errorMethod().replace('_', ' ') + ")"));
            num(out, Figures.interval(group.interval()));
            for (String trait : traits) {
                GroupSummary.TraitSummary summary = group.traits().stream()
                        .filter(t -> trait.equals(t.name())).findFirst().orElse(null);
                String errors = summary != null && summary.errors() > 0 ? " (" + summary.errors() + " not scored)" : "";
                num(out, Figures.trait(summary) + errors);
            }
            if (nuggets) {
                GroupSummary.NUGGET_SCORES.forEach(n -> num(out, Figures.decimal(group.nuggets().get(n))));
            }
            out.append("<td>").append(Html.escape(Figures.failures(group.failures()))).append("</td>");
            num(out, String.valueOf(group.inputTokens()));
            num(out, String.valueOf(group.outputTokens()));
            num(out, String.valueOf(group.totalTokens()));
            if (cost) {
                num(out, Figures.cost(group.costUsd()));
            }
            out.append("</tr>\n");
        }
        out.append("</tbody>\n</table>\n");
    }

    private static final String SUMMARY_NOTE = "<p class=\"muted\">Scored: results with a template verdict (passed or failed), "
            + "the pass rate's denominator; errors and other results without a verdict are counted apart, never as failures. The "
            + "interval is a Wilson score interval, honest at small numbers. Verdict traits show their pass rate, "
            + "scored traits their mean score.</p>\n";

    /** The summary again per question tag (keyword), when some result has one: what an LVE import's tags are for. */
    private static void byTag(StringBuilder out, RunData data, List<String> traits) {
        Map<String, List<JsonNode>> tags = Results.byTag(data.results());
        if (tags.keySet().stream().allMatch(Results.UNTAGGED::equals)) {
            return;
        }
        out.append("<h3>By tag</h3>\n<p class=\"muted\">A question counts under each of its tags. A tag's figures are "
                + "worked out from its results: the pass rate pooled over its verdicts.</p>\n");
        tags.forEach((tag, results) -> {
            out.append("<h4>").append(Html.escape(tag)).append("</h4>\n");
            out.append("<div class=\"wide\">\n");
            summary(out, GroupSummary.of(new RunData(data.runId(), results, null, null)), traits);
            out.append("</div>\n");
        });
    }

    private static void num(StringBuilder out, String text) {
        out.append("<td class=\"num\">").append(Html.escape(text)).append("</td>");
    }

    /** One fold per question, the results of every model, judge and replicate inside it. */
    private static void questions(StringBuilder out, List<JsonNode> results, Writer page) throws IOException {
        // by question id, and inside by model, judge and replicate: the same page whatever order results were stored in
        Map<String, List<JsonNode>> byQuestion = new TreeMap<>();
        List<JsonNode> ordered = new ArrayList<>(results);
        ordered.sort(Comparator.comparing((JsonNode r) -> GroupKey.of(r), GroupKey.ORDER)
                .thenComparing(r -> Results.whole(r, "replicate"), Comparator.nullsLast(Comparator.naturalOrder())));
        for (JsonNode result : ordered) {
            byQuestion.computeIfAbsent(String.valueOf(Results.text(result, "question_id")), k -> new ArrayList<>()).add(result);
        }
        // failures first (a stable sort keeps the id order inside each part)
        List<Map.Entry<String, List<JsonNode>>> entries = new ArrayList<>(byQuestion.entrySet());
        entries.sort(Comparator.comparing(entry -> !entry.getValue().stream().anyMatch(HtmlReport::notPassing)));
        for (Map.Entry<String, List<JsonNode>> question : entries) {
            List<JsonNode> answers = question.getValue();
            Map<String, Integer> statuses = new TreeMap<>();
            answers.forEach(r -> statuses.merge(String.valueOf(Results.text(r, "status")), 1, Integer::sum));
            StringBuilder tally = new StringBuilder();
            statuses.forEach((status, n) -> tally.append(" <span class=\"status ").append(Html.escape(status)).append("\">")
                    .append(n).append(' ').append(Html.escape(status)).append("</span>"));
            boolean error = answers.stream().anyMatch(r -> "error".equals(Results.text(r, "status")));
            String css = error ? "question bad has-error" : answers.stream().anyMatch(HtmlReport::notPassing) ? "question bad" : "question";
            out.append("<details class=\"").append(css).append("\" id=\"q-").append(Html.escape(question.getKey())).append("\">\n<summary><strong>")
                    .append(Html.escape(question.getKey())).append("</strong> — ")
                    .append(Html.escape(Results.text(answers.get(0), "question")))
                    .append(tally).append("</summary>\n");
            for (JsonNode result : answers) {
                result(out, result);
            }
            out.append("</details>\n");
            flush(out, page);
        }
    }

    /** Failed, errored, abstained or insufficient: what a reader triaging the run looks at first. */
    private static boolean notPassing(JsonNode result) {
        String status = Results.text(result, "status");
        return !"passed".equals(status) && !"scored".equals(status);
    }

    private static void result(StringBuilder out, JsonNode result) {
        String status = String.valueOf(Results.text(result, "status"));
        out.append("<details class=\"result\">\n<summary>").append(Html.escape(Results.text(result, "answering_model")))
                .append(" / ").append(Html.escape(Results.text(result, "judge")))
                .append(", replicate ").append(Html.escape(Results.text(result, "replicate")))
                .append(": <span class=\"status ").append(Html.escape(status)).append("\">").append(Html.escape(status)).append("</span>");
        String score = Results.text(result, "template", "score");
        if (score != null) {
            out.append(" <span class=\"muted\">(template score ").append(Html.escape(score)).append(")</span>");
        }
        out.append("</summary>\n");

        JsonNode failure = Results.at(result, "failure");
        if (failure != null) {
            out.append("<p class=\"error\"><strong>Failure</strong> ").append(Html.escape(Results.text(failure, "category")))
                    .append(" at ").append(Html.escape(Results.text(failure, "stage"))).append(": ")
                    .append(Html.escape(Results.text(failure, "reason"))).append("</p>\n");
        }
        List<JsonNode> caveats = Results.list(result, "caveats");
        if (!caveats.isEmpty()) {
            out.append("<p><strong>Caveats</strong></p>\n<ul>\n");
            caveats.forEach(c -> out.append("<li>").append(Html.escape(c.asText())).append("</li>\n"));
            out.append("</ul>\n");
        }

        out.append("<h4>Response</h4>\n<pre>").append(Html.escape(Results.text(result, "response"))).append("</pre>\n");
        out.append(AgentTraceHtml.render(Results.at(result, "agent")));
        JsonNode outputs = Results.at(result, "outputs");
        if (outputs != null) {
            out.append("<h4>Runs of the prompt</h4>\n<pre>").append(Html.escape(pretty(outputs))).append("</pre>\n");
        }
        JsonNode variables = Results.at(result, "variables");
        if (variables != null) {
            out.append("<h4>Variables</h4>\n<pre>").append(Html.escape(pretty(variables))).append("</pre>\n");
        }
        template(out, result);
        out.append(AgentTraceHtml.render(Results.at(result, "investigation"), "Judge's investigation (agentic parsing)", false));
        rubric(out, result);
        for (JsonNode trait : Results.list(result, "rubric")) {
            out.append(AgentTraceHtml.render(Results.at(trait, "investigation"),
                    "Judge's investigation of trait " + Results.text(trait, "name"), false));
        }
        nuggets(out, result);
        calls(out, result);
        out.append("</details>\n");
    }

    private static void template(StringBuilder out, JsonNode result) {
        List<JsonNode> fields = Results.list(result, "template", "fields");
        JsonNode parsed = Results.at(result, "parsed");
        if (fields.isEmpty() && parsed == null) {
            return;
        }
        out.append("<h4>Parsed fields against the ground truth</h4>\n");
        if (!fields.isEmpty()) {
            out.append("<table>\n<thead><tr><th>field</th><th>primitive</th><th>expected</th><th>actual</th><th>verdict</th><th>score</th><th>detail</th></tr></thead>\n<tbody>\n");
            for (JsonNode field : fields) {
                boolean passed = Results.at(field, "passed") != null && Results.at(field, "passed").asBoolean();
                out.append("<tr><td>").append(Html.escape(Results.text(field, "field"))).append("</td><td>")
                        .append(Html.escape(Results.text(field, "primitive"))).append("</td><td><code>")
                        .append(Html.escape(json(Results.at(field, "expected")))).append("</code></td><td><code>")
                        .append(Html.escape(json(Results.at(field, "actual")))).append("</code></td><td class=\"")
                        .append(passed ? "pass" : "fail").append("\">").append(passed ? "pass" : "fail").append("</td>");
                num(out, String.valueOf(Results.text(field, "score")));
                out.append("<td>").append(Html.escape(Results.text(field, "detail"))).append("</td></tr>\n");
            }
            out.append("</tbody>\n</table>\n");
        }
        List<JsonNode> regex = Results.list(result, "template", "regex_checks");
        if (!regex.isEmpty()) {
            out.append("<table>\n<thead><tr><th>regex</th><th>must</th><th>matched</th><th>verdict</th></tr></thead>\n<tbody>\n");
            for (JsonNode check : regex) {
                boolean passed = Results.at(check, "passed") != null && Results.at(check, "passed").asBoolean();
                out.append("<tr><td><code>").append(Html.escape(Results.text(check, "pattern"))).append("</code></td><td>")
                        .append(Html.escape(Results.text(check, "must"))).append("</td><td>")
                        .append(Html.escape(Results.text(check, "matched"))).append("</td><td class=\"")
                        .append(passed ? "pass" : "fail").append("\">").append(passed ? "pass" : "fail").append("</td></tr>\n");
            }
            out.append("</tbody>\n</table>\n");
        }
        if (parsed != null) {
            out.append("<details><summary>Parsed record</summary><pre>").append(Html.escape(pretty(parsed))).append("</pre></details>\n");
        }
    }

    private static void rubric(StringBuilder out, JsonNode result) {
        List<JsonNode> traits = Results.list(result, "rubric");
        if (traits.isEmpty()) {
            return;
        }
        out.append("<h4>Rubric</h4>\n<table>\n<thead><tr><th>trait</th><th>kind</th><th>value</th><th>judge reasoning</th></tr></thead>\n<tbody>\n");
        for (JsonNode trait : traits) {
            String error = Results.text(trait, "error");
            String value = error != null ? "not scored: " + error : Results.traitValue(trait);
            if (error == null && Results.text(trait, "label") != null && Results.at(trait, "passed") == null) {
                value = Results.text(trait, "label") + " (" + Results.text(trait, "score") + ")";
            }
            JsonNode metrics = Results.at(trait, "metrics");
            if (metrics != null) {
                value = value + " " + metrics;
            }
            JsonNode passed = Results.at(trait, "passed");
            String css = error != null ? "error" : passed == null ? "" : passed.asBoolean() ? "pass" : "fail";
            boolean dynamic = Results.at(trait, "dynamic") != null && Results.at(trait, "dynamic").asBoolean();
            out.append("<tr><td>").append(Html.escape(Results.text(trait, "name"))).append(dynamic ? " <span class=\"muted\">(dynamic)</span>" : "")
                    .append("</td><td>").append(Html.escape(Results.text(trait, "kind"))).append("</td><td class=\"").append(css).append("\">")
                    .append(Html.escape(value)).append("</td><td>").append(Html.escape(Results.text(trait, "reasoning"))).append("</td></tr>\n");
        }
        out.append("</tbody>\n</table>\n");
        JsonNode dynamicRubric = Results.at(result, "dynamic_rubric");
        if (dynamicRubric != null) {
            out.append("<details><summary>Dynamic rubric</summary><pre>").append(Html.escape(pretty(dynamicRubric))).append("</pre></details>\n");
        }
    }

    private static void nuggets(StringBuilder out, JsonNode result) {
        JsonNode nuggets = Results.at(result, "nuggets");
        if (nuggets == null) {
            return;
        }
        out.append("<h4>Nuggets</h4>\n");
        String error = Results.text(nuggets, "error");
        if (error != null) {
            out.append("<p class=\"error\">Not scored: ").append(Html.escape(error)).append("</p>\n");
        }
        List<String> scores = new ArrayList<>();
        for (String name : GroupSummary.NUGGET_SCORES) {
            String value = Results.text(nuggets, "scores", name);
            if (value != null) {
                scores.add(name + " " + Figures.decimal(Results.number(nuggets, "scores", name)));
            }
        }
        if (!scores.isEmpty()) {
            out.append("<p>").append(Html.escape(String.join(" · ", scores))).append("</p>\n");
        }
        List<JsonNode> list = Results.list(nuggets, "nuggets");
        if (!list.isEmpty()) {
            out.append("<table>\n<thead><tr><th>nugget</th><th>importance</th><th>label</th></tr></thead>\n<tbody>\n");
            for (JsonNode nugget : list) {
                String label = Results.text(nugget, "label");
                out.append("<tr><td>").append(Html.escape(Results.text(nugget, "text"))).append("</td><td>")
                        .append(Html.escape(Results.text(nugget, "importance"))).append("</td><td class=\"")
                        .append(Html.escape(label)).append("\">").append(Html.escape(label == null ? "unlabelled" : label))
                        .append("</td></tr>\n");
            }
            out.append("</tbody>\n</table>\n");
        }
    }

    /** Every model call with its messages exactly as sent: what reproduces or explains a verdict. */
    private static void calls(StringBuilder out, JsonNode result) {
        List<JsonNode> calls = Results.list(result, "calls");
        if (calls.isEmpty()) {
            return;
        }
        out.append("<h4>Prompts</h4>\n");
        for (JsonNode call : calls) {
            out.append("<details class=\"call\"><summary>").append(Html.escape(Results.text(call, "stage")));
            String task = Results.text(call, "task");
            if (task != null && !task.equals(Results.text(call, "stage"))) {
                out.append(" (").append(Html.escape(task)).append(")");
            }
            out.append(" — ").append(Html.escape(Results.text(call, "model")));
            String latency = Results.text(call, "latency_ms");
            if (latency != null) {
                out.append(" <span class=\"muted\">").append(Html.escape(latency)).append(" ms</span>");
            }
            out.append("</summary>\n");
            for (JsonNode message : Results.list(call, "messages")) {
                out.append("<div class=\"message\"><span class=\"role\">").append(Html.escape(Results.text(message, "role")))
                        .append("</span>\n<pre>").append(Html.escape(content(Results.at(message, "content")))).append("</pre></div>\n");
            }
            String response = Results.text(call, "response");
            if (response != null) {
                out.append("<div class=\"message\"><span class=\"role\">response</span>\n<pre>").append(Html.escape(response)).append("</pre></div>\n");
            }
            String error = Results.text(call, "error");
            if (error != null) {
                out.append("<p class=\"error\">Call error: ").append(Html.escape(error)).append("</p>\n");
            }
            out.append("</details>\n");
        }
    }

    /** A message's content as text: a plain string, or its text parts joined; other parts (images) as JSON. */
    static String content(JsonNode content) {
        if (content == null) {
            return "";
        }
        if (content.isTextual()) {
            return content.asText();
        }
        if (!content.isArray()) {
            return pretty(content);
        }
        List<String> parts = new ArrayList<>();
        for (JsonNode part : content) {
            parts.add("text".equals(Results.text(part, "type")) && Results.text(part, "text") != null
                    ? Results.text(part, "text") : pretty(part));
        }
        return String.join("\n", parts);
    }

    private static String json(JsonNode node) {
        return node == null ? "null" : node.toString();
    }

    private static String pretty(JsonNode node) {
        try {
            return PRETTY.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            return node.toString();
        }
    }
}
