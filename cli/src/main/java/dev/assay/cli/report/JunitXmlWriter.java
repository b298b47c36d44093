package dev.assay.cli.report;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * junit.xml: the run in the JUnit XML shape CI systems read (GitLab, Jenkins, GitHub test
 * reporters), so a benchmark can gate a pipeline. One testsuite per answering model × judge,
 * one testcase per result: a failed template is a {@code <failure>}, a result with no verdict
 * (error, abstained, insufficient) an {@code <error>} — CI tells "the model got it wrong"
 * apart from "we could not tell".
 */
public final class JunitXmlWriter {

    private JunitXmlWriter() {
    }

    public static String write(RunData data) {
        Map<GroupKey, List<JsonNode>> groups = Results.byGroup(data.results());
        boolean replicates = Results.hasReplicates(data.results());
        StringBuilder suites = new StringBuilder();
        int tests = 0;
        int failures = 0;
        int errors = 0;
        double time = 0;
        for (Map.Entry<GroupKey, List<JsonNode>> group : groups.entrySet()) {
            StringBuilder cases = new StringBuilder();
            int suiteFailures = 0;
            int suiteErrors = 0;
            double suiteTime = 0;
            for (JsonNode result : group.getValue()) {
                Outcome outcome = testcase(cases, group.getKey(), result, replicates);
                suiteFailures += outcome == Outcome.FAILURE ? 1 : 0;
                suiteErrors += outcome == Outcome.ERROR ? 1 : 0;
                suiteTime += seconds(result);
            }
            int suiteTests = group.getValue().size();
            suites.append("  <testsuite name=\"").append(Xml.escape(group.getKey().toString()))
                    .append("\" tests=\"").append(suiteTests)
                    .append("\" failures=\"").append(suiteFailures)
                    .append("\" errors=\"").append(suiteErrors)
                    .append("\" skipped=\"0\" time=\"").append(format(suiteTime)).append("\">\n");
            suites.append("    <properties>\n");
            property(suites, "run_id", data.runId());
            property(suites, "answering_model", group.getKey().answeringModel());
            property(suites, "judge", group.getKey().judge());
            suites.append("    </properties>\n");
            suites.append(cases);
            suites.append("  </testsuite>\n");
            tests += suiteTests;
            failures += suiteFailures;
            errors += suiteErrors;
            time += suiteTime;
        }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                + "<testsuites name=\"" + Xml.escape("assay " + data.runId()) + "\" tests=\"" + tests
                + "\" failures=\"" + failures + "\" errors=\"" + errors + "\" time=\"" + format(time) + "\">\n"
                + suites
                + "</testsuites>\n";
    }

    private enum Outcome { SUCCESS, FAILURE, ERROR }

    private static Outcome testcase(StringBuilder out, GroupKey group, JsonNode result, boolean replicates) {
        String name = Results.text(result, "question_id");
        if (replicates) {
            name = name + " [replicate " + Results.text(result, "replicate") + "]";
        }
        out.append("    <testcase name=\"").append(Xml.escape(name))
                // classname is what CI tools group by; the model makes the natural "class" under a suite
                .append("\" classname=\"").append(Xml.escape(group.answeringModel()))
                .append("\" time=\"").append(format(seconds(result))).append("\"");
        String status = Results.text(result, "status");
        Outcome outcome;
        StringBuilder body = new StringBuilder();
        if ("failed".equals(status)) {
            outcome = Outcome.FAILURE;
            List<String> lines = failingChecks(result);
            String message = lines.isEmpty() ? "template failed" : String.join("; ", lines);
            body.append("      <failure type=\"template\" message=\"").append(Xml.escape(message)).append("\">")
                    .append(Xml.escape(String.join("\n", lines))).append("</failure>\n");
        } else if ("error".equals(status) || "abstained".equals(status) || "insufficient".equals(status)) {
            outcome = Outcome.ERROR;
            String category = Results.text(result, "failure", "category");
            String stage = Results.text(result, "failure", "stage");
            String reason = Results.text(result, "failure", "reason");
            String type = category == null ? status : category;
            String message = (stage == null ? "" : stage + ": ") + (reason == null ? status : reason);
            body.append("      <error type=\"").append(Xml.escape(type)).append("\" message=\"").append(Xml.escape(message))
                    .append("\">").append(Xml.escape("status " + status + ", category " + type + "\n" + message))
                    .append("</error>\n");
        } else {
            outcome = Outcome.SUCCESS;
        }
        String systemOut = systemOut(result);
        if (!systemOut.isEmpty()) {
            body.append("      <system-out>").append(Xml.escape(systemOut)).append("</system-out>\n");
        }
        if (body.isEmpty()) {
            out.append("/>\n");
        } else {
            out.append(">\n").append(body).append("    </testcase>\n");
        }
        return outcome;
    }

    /** "city: expected "Paris", got "Lyon"" for each failing field and regex check. */
    static List<String> failingChecks(JsonNode result) {
        List<String> lines = new ArrayList<>();
        for (JsonNode field : Results.list(result, "template", "fields")) {
            JsonNode passed = Results.at(field, "passed");
            if (passed != null && !passed.asBoolean()) {
                lines.add(Results.text(field, "field") + ": expected " + json(Results.at(field, "expected"))
                        + ", got " + json(Results.at(field, "actual")));
            }
        }
        for (JsonNode check : Results.list(result, "template", "regex_checks")) {
            JsonNode passed = Results.at(check, "passed");
            if (passed != null && !passed.asBoolean()) {
                lines.add("regex " + Results.text(check, "pattern") + ": must " + Results.text(check, "must")
                        + ", matched " + Results.text(check, "matched"));
            }
        }
        return lines;
    }

    private static String json(JsonNode node) {
        return node == null ? "null" : node.toString();
    }

    /** Trait scores and caveats, so a CI page shows them without opening the HTML report. */
    private static String systemOut(JsonNode result) {
        List<String> lines = new ArrayList<>();
        for (JsonNode trait : Results.list(result, "rubric")) {
            String error = Results.text(trait, "error");
            lines.add("trait " + Results.text(trait, "name") + ": " + (error != null ? "error: " + error : Results.traitValue(trait)));
        }
        for (String nugget : GroupSummary.NUGGET_SCORES) {
            String value = Results.text(result, "nuggets", "scores", nugget);
            if (value != null) {
                lines.add("nuggets " + nugget + ": " + value);
            }
        }
        for (JsonNode caveat : Results.list(result, "caveats")) {
            lines.add("caveat: " + caveat.asText());
        }
        return String.join("\n", lines);
    }

    private static double seconds(JsonNode result) {
        double ms = 0;
        JsonNode timings = Results.at(result, "timings_ms");
        if (timings != null) {
            for (JsonNode value : timings) {
                ms += value.asDouble();
            }
        }
        return ms / 1000;
    }

    private static String format(double seconds) {
        return String.format(Locale.ROOT, "%.3f", seconds);
    }

    private static void property(StringBuilder out, String name, String value) {
        out.append("      <property name=\"").append(Xml.escape(name)).append("\" value=\"").append(Xml.escape(value)).append("\"/>\n");
    }
}
