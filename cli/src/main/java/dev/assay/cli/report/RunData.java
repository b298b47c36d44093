package dev.assay.cli.report;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.List;

/** Everything the run API gave back for one finished run: results, /scores and /statistics. */
public record RunData(String runId, List<JsonNode> results, JsonNode scores, JsonNode statistics) {
    public RunData {
        results = List.copyOf(results);
    }
}
