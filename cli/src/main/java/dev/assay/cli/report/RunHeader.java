package dev.assay.cli.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The top of report.html: which benchmark, when, and with what config. From the run's headline when
 * the report was made with the server at hand (or run.json beside results.json); otherwise from what
 * the results themselves carry (models, judges, evaluation mode, completion times).
 */
final class RunHeader {

    private static final ObjectMapper PRETTY = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private RunHeader() {
    }

    static void write(StringBuilder out, RunData data) {
        JsonNode run = data.run();
        Map<String, String> facts = new LinkedHashMap<>();
        put(facts, "benchmark", run == null ? null : Results.text(run, "benchmark"));
        put(facts, "run", run == null ? null : Results.text(run, "run", "name"));
        put(facts, "started", run == null ? null : Results.text(run, "run", "created_at"));
        put(facts, "finished", run == null ? null : Results.text(run, "run", "finished_at"));
        Set<String> models = new LinkedHashSet<>();
        Set<String> judges = new LinkedHashSet<>();
        Set<String> modes = new LinkedHashSet<>();
        TreeSet<String> completed = new TreeSet<>();
        for (JsonNode result : data.results()) {
            add(models, Results.text(result, "answering_model"));
            add(judges, Results.text(result, "judge"));
            add(modes, Results.text(result, "evaluation_mode"));
            add(completed, Results.text(result, "completed_at"));
        }
        if (!facts.containsKey("started") && !completed.isEmpty()) {
            facts.put("results completed", completed.first() + (completed.size() > 1 ? " … " + completed.last() : ""));
        }
        put(facts, "answering models", String.join(", ", models));
        put(facts, "judges", String.join(", ", judges));
        put(facts, "evaluation mode", String.join(", ", modes));
        out.append("<dl class=\"run\" id=\"run\">\n");
        facts.forEach((name, value) -> out.append("<dt>").append(Html.escape(name)).append("</dt><dd>")
                .append(Html.escape(value)).append("</dd>\n"));
        out.append("</dl>\n");
        JsonNode config = run == null ? null : Results.at(run, "config");
        if (config != null) {
            out.append("<details><summary>Run config as submitted</summary><pre>").append(Html.escape(pretty(config)))
                    .append("</pre></details>\n");
        } else {
            out.append("<p class=\"muted\">The benchmark's name and the run config are not in the results; a report written by "
                    + "assay run, or by assay report with run.json beside results.json, shows them.</p>\n");
        }
    }

    private static void put(Map<String, String> facts, String name, String value) {
        if (value != null && !value.isBlank()) {
            facts.put(name, value);
        }
    }

    private static void add(Set<String> set, String value) {
        if (value != null) {
            set.add(value);
        }
    }

    private static String pretty(JsonNode node) {
        try {
            return PRETTY.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            return node.toString();
        }
    }
}
