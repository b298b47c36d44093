package dev.assay.importers.karenina;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.assay.common.benchmark.FewShotExample;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A question's {@code additionalProperty} settings: {@code few_shot_examples} become the question's
 * few-shot examples; {@code custom_*} properties are gathered as {@code custom_metadata}; everything
 * else ({@code finished}, {@code author}, {@code sources}, {@code answer_notes}, …) is kept in the
 * question's metadata as it was (JSON written in a string read as JSON).
 *
 * @param reasons the few-shot examples that could not be used
 */
record QuestionSettings(List<FewShotExample> fewShot, Map<String, JsonNode> metadata, List<String> reasons) {

    static final String FEW_SHOT = "few_shot_examples";
    static final String CUSTOM_PREFIX = "custom_";
    static final String CUSTOM_METADATA = "custom_metadata";

    static QuestionSettings read(PropertyValues properties) {
        List<FewShotExample> fewShot = new ArrayList<>();
        Map<String, JsonNode> metadata = new LinkedHashMap<>();
        List<String> reasons = new ArrayList<>();
        ObjectNode custom = JsonNodeFactory.instance.objectNode();
        properties.all().forEach((name, value) -> {
            if (value.isNull()) {
                return;
            }
            JsonNode decoded = PropertyValues.decoded(value);
            if (name.equals(FEW_SHOT)) {
                fewShot(decoded, fewShot, reasons);
            } else if (name.startsWith(CUSTOM_PREFIX)) {
                custom.set(name.substring(CUSTOM_PREFIX.length()), decoded);
            } else {
                metadata.put(name, decoded);
            }
        });
        if (!custom.isEmpty()) {
            metadata.put(CUSTOM_METADATA, custom);
        }
        return new QuestionSettings(fewShot, metadata, reasons);
    }

    private static void fewShot(JsonNode examples, List<FewShotExample> fewShot, List<String> reasons) {
        if (!examples.isArray()) {
            reasons.add(FEW_SHOT + ": not a list of {question, answer}; left out");
            return;
        }
        for (int i = 0; i < examples.size(); i++) {
            JsonNode example = examples.get(i);
            String question = example.path("question").isTextual() ? example.get("question").asText() : "";
            String answer = example.path("answer").isTextual() ? example.get("answer").asText() : "";
            if (question.isBlank() || answer.isBlank()) {
                reasons.add(FEW_SHOT + "[" + i + "]: needs a question and an answer; left out");
                continue;
            }
            String id = example.path("id").isTextual() ? example.get("id").asText() : null;
            fewShot.add(new FewShotExample(id, question, answer));
        }
    }
}
