package dev.assay.cli.report;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;

/**
 * results.csv: one flat row per result for spreadsheets and pandas. Nested parts (fields,
 * prompts, reasoning) stay in results.json; a row keeps what one would sort or filter by.
 */
public final class CsvWriter {

    private static final List<String> LEADING = List.of("run_id", "result_id", "question_id", "keywords", "answering_model",
            "judge", "replicate", "status", "failure_category", "failure_stage", "template_passed", "template_score");
    private static final List<String> TRAILING = List.of("input_tokens", "output_tokens", "total_tokens", "cost_usd", "response");
    // Trait columns are prefixed so that a trait called "status" cannot collide with a fixed column.
    static final String TRAIT_PREFIX = "rubric.";
    static final String NUGGET_PREFIX = "nuggets.";

    private CsvWriter() {
    }

    /** The whole file, CRLF line ends as RFC 4180 has them. */
    public static String write(List<JsonNode> results) {
        List<String> traits = Results.traitNames(results);
        List<String> header = new ArrayList<>(LEADING);
        traits.forEach(t -> header.add(TRAIT_PREFIX + t));
        GroupSummary.NUGGET_SCORES.forEach(n -> header.add(NUGGET_PREFIX + n));
        header.addAll(TRAILING);

        StringBuilder out = new StringBuilder();
        row(out, header);
        for (JsonNode result : results) {
            List<String> cells = new ArrayList<>();
            for (String column : List.of("run_id", "result_id", "question_id")) {
                cells.add(Results.text(result, column));
            }
            // the question's tags in one cell, ";" apart (an LVE tag is name:value)
            List<String> keywords = Results.list(result, "keywords").stream().map(JsonNode::asText).toList();
            cells.add(keywords.isEmpty() ? null : String.join(";", keywords));
            for (String column : List.of("answering_model", "judge", "replicate", "status")) {
                cells.add(Results.text(result, column));
            }
            cells.add(Results.text(result, "failure", "category"));
            cells.add(Results.text(result, "failure", "stage"));
            cells.add(Results.text(result, "template", "passed"));
            cells.add(Results.text(result, "template", "score"));
            for (String trait : traits) {
                JsonNode score = Results.trait(result, trait);
                cells.add(score == null ? null : Results.traitValue(score));
            }
            for (String nugget : GroupSummary.NUGGET_SCORES) {
                cells.add(Results.text(result, "nuggets", "scores", nugget));
            }
            for (String usage : List.of("input_tokens", "output_tokens", "total_tokens", "cost_usd")) {
                cells.add(Results.text(result, "usage", "total", usage));
            }
            cells.add(Results.text(result, "response"));
            row(out, cells);
        }
        return out.toString();
    }

    private static void row(StringBuilder out, List<String> cells) {
        for (int i = 0; i < cells.size(); i++) {
            if (i > 0) {
                out.append(',');
            }
            out.append(quote(cells.get(i)));
        }
        out.append("\r\n");
    }

    /** RFC 4180: a field holding a comma, quote or line break is quoted, its quotes doubled. Null is empty. */
    static String quote(String value) {
        if (value == null) {
            return "";
        }
        if (value.indexOf(',') < 0 && value.indexOf('"') < 0 && value.indexOf('\n') < 0 && value.indexOf('\r') < 0) {
            return value;
        }
        return '"' + value.replace("\"", "\"\"") + '"';
    }
}
