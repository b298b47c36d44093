package dev.assay.generation.service;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.assay.common.json.Json;
import dev.assay.common.pipeline.Stage;
import dev.assay.common.pipeline.VerificationResult;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a result back from its jsonb column. jsonb keeps object keys in an order of its own
 * (shortest first), so the per-stage maps are put back in pipeline order (generation, parsing,
 * rubric, then total) as the record was published; other keys keep the order they have.
 */
final class StoredResults {

    private static final List<String> STAGE_ORDER = new ArrayList<>(Arrays.stream(Stage.values()).map(Stage::wireName).toList());

    static {
        STAGE_ORDER.add(VerificationResult.TOTAL);
    }

    private StoredResults() {
    }

    static VerificationResult read(String json) {
        JsonNode tree = Json.read(json, JsonNode.class);
        if (tree instanceof ObjectNode result) {
            inStageOrder(result, "usage");
            inStageOrder(result, "timings_ms");
        }
        try {
            return Json.mapper().treeToValue(tree, VerificationResult.class);
        } catch (Exception e) {
            throw new IllegalStateException("a stored result cannot be read back: " + e.getMessage(), e);
        }
    }

    private static void inStageOrder(ObjectNode result, String field) {
        if (!(result.get(field) instanceof ObjectNode map)) {
            return;
        }
        Map<String, JsonNode> ordered = new LinkedHashMap<>();
        STAGE_ORDER.stream().filter(map::has).forEach(key -> ordered.put(key, map.get(key)));
        map.properties().forEach(entry -> ordered.putIfAbsent(entry.getKey(), entry.getValue()));
        map.removeAll();
        map.setAll(ordered);
    }
}
