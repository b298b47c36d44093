package dev.assay.cli.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The run's data as report.html's viewer reads it (the viewer's api.js, offline): the results as the
 * API serves them, the run's headline ({@code /matrix?cells=false}), {@code /statistics} and
 * {@code /scores} when the report was made with them.
 */
final class ViewerData {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private ViewerData() {
    }

    /** JSON for a {@code <script type="application/json">}: every {@code <} escaped, so no text can end the element. */
    static String json(RunData data) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("run_id", data.runId());
        root.set("matrix", data.run());
        root.set("statistics", data.statistics());
        root.set("scores", data.scores());
        root.putArray("results").addAll(data.results());
        try {
            return MAPPER.writeValueAsString(root).replace("<", "\\u003c");
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("report.html: the run's data could not be written as JSON", e);
        }
    }
}
