package dev.assay.generation.service;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.json.Json;
import dev.assay.generation.ResultCell;
import dev.assay.generation.RunMatrix;
import dev.assay.generation.RunSummary;
import dev.assay.generation.repository.CellRow;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Puts a run's matrix together. The benchmark name, question order and config come from the spec
 * kept at submission, for display only: no pipeline value is read back from it.
 */
final class RunMatrices {

    private RunMatrices() {
    }

    static RunMatrix of(RunSummary run, String spec, List<CellRow> rows) {
        JsonNode tree = spec == null ? null : Json.read(spec, JsonNode.class);
        JsonNode benchmark = tree == null ? null : tree.path("benchmark");
        Map<String, RunMatrix.QuestionRef> questions = new LinkedHashMap<>();
        if (benchmark != null) {
            for (JsonNode question : benchmark.path("questions")) {
                String id = question.path("id").asText();
                questions.put(id, new RunMatrix.QuestionRef(id, question.path("question").asText(null), keywords(question.path("keywords"))));
            }
        }
        // questions only results know (a run first seen on Kafka): by id, so every run of them reads alike
        Map<String, RunMatrix.QuestionRef> unknown = new TreeMap<>();
        List<ResultCell> cells = new ArrayList<>(rows.size());
        for (CellRow row : rows) {
            cells.add(row.cell());
            if (!questions.containsKey(row.cell().questionId())) {
                unknown.computeIfAbsent(row.cell().questionId(), id -> new RunMatrix.QuestionRef(id, row.question(),
                        row.keywordsJson() == null ? List.of() : keywords(Json.read(row.keywordsJson(), JsonNode.class))));
            }
        }
        questions.putAll(unknown);
        String benchmarkName = benchmark == null || benchmark.path("name").isMissingNode() ? null : benchmark.path("name").asText(null);
        JsonNode config = tree == null || tree.path("config").isMissingNode() ? null : tree.path("config");
        return new RunMatrix(run, benchmarkName, config, List.copyOf(questions.values()), cells);
    }

    private static List<String> keywords(JsonNode node) {
        List<String> keywords = new ArrayList<>();
        node.forEach(keyword -> keywords.add(keyword.asText()));
        return keywords;
    }
}
