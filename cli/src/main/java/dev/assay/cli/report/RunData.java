package dev.assay.cli.report;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.List;

/**
 * What the reports are made from, as the run API returns it: the results are kept as JSON trees
 * rather than {@code VerificationResult} records so that a report never drops a field the CLI's
 * copy of the schema does not know yet (a newer server).
 *
 * @param runId      the run
 * @param results    every {@code VerificationResult} of the run, in store order
 * @param scores     {@code GET /api/runs/{id}/scores}; null when not fetched
 * @param statistics {@code GET /api/runs/{id}/statistics}; null when not fetched
 * @param run        the run's headline, {@code GET /api/runs/{id}/matrix?cells=false}: its summary, benchmark name and
 *                   config as submitted; null when not fetched (the report then names what the results say)
 */
public record RunData(String runId, List<JsonNode> results, JsonNode scores, JsonNode statistics, JsonNode run) {

    public RunData {
        results = results == null ? List.of() : List.copyOf(results);
    }

    public RunData(String runId, List<JsonNode> results, JsonNode scores, JsonNode statistics) {
        this(runId, results, scores, statistics, null);
    }
}
