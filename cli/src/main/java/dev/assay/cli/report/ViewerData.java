package dev.assay.cli.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.io.Writer;
import java.util.List;

/**
 * The run's data as report.html's viewer reads it (the viewer's api.js, offline): the results as the
 * API serves them, the run's headline ({@code /matrix?cells=false}), {@code /statistics} and
 * {@code /scores} when the report was made with them.
 */
final class ViewerData {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final String RESULTS_FIELD = "\"results\":[]}";

    private ViewerData() {
    }

    /**
     * Writes the data as JSON for a {@code <script type="application/json">}: every {@code <} escaped, so
     * no text can end the element. {@code compactResults}: each of the data's results as compact JSON,
     * in order; the results array is those texts joined by commas, as a compact writer writes it.
     */
    static void write(RunData data, List<String> compactResults, Writer out) throws IOException {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("run_id", data.runId());
        root.set("matrix", data.run());
        root.set("statistics", data.statistics());
        root.set("scores", data.scores());
        root.putArray("results");
        String head = json(root);
        if (!head.endsWith(RESULTS_FIELD)) {
            throw new IllegalStateException("report.html: the run's data does not end with its results: " + head);
        }
        out.write(escaped(head.substring(0, head.length() - 2)));
        for (int i = 0; i < compactResults.size(); i++) {
            if (i > 0) {
                out.write(',');
            }
            out.write(escaped(compactResults.get(i)));
        }
        out.write("]}");
    }

    private static String escaped(String json) {
        return json.replace("<", "\\u003c");
    }

    private static String json(ObjectNode root) {
        try {
            return MAPPER.writeValueAsString(root);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("report.html: the run's data could not be written as JSON", e);
        }
    }
}
