package dev.assay.localstack.stub;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The stub's {@code POST /v1/embeddings}: deterministic bag-of-words vectors, so texts sharing words
 * are close and the same text is identical (cosine 1). Each lower-cased word (letters and digits)
 * adds 1 to one of {@value #DIMENSIONS} dimensions chosen by its hash; the vector is then normalised.
 * Two texts whose words are all different score near 0 (a hash collision aside).
 */
final class StubEmbeddings {

    static final int DIMENSIONS = 256;

    private StubEmbeddings() {
    }

    static double[] vector(String text) {
        double[] vector = new double[DIMENSIONS];
        for (String word : text.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")) {
            if (!word.isEmpty()) {
                vector[Math.floorMod(word.hashCode(), DIMENSIONS)] += 1;
            }
        }
        double norm = 0;
        for (double value : vector) {
            norm += value * value;
        }
        if (norm > 0) {
            double length = Math.sqrt(norm);
            for (int i = 0; i < vector.length; i++) {
                vector[i] /= length;
            }
        }
        return vector;
    }

    /** The OpenAI answer for a request {@code {model, input: text | [text]}}. */
    static JsonNode answer(ObjectMapper json, JsonNode request) {
        List<String> inputs = new ArrayList<>();
        JsonNode input = request.path("input");
        if (input.isArray()) {
            input.forEach(item -> inputs.add(item.asText()));
        } else {
            inputs.add(input.asText());
        }
        ObjectNode answer = json.createObjectNode().put("object", "list");
        ArrayNode data = answer.putArray("data");
        int tokens = 0;
        for (int i = 0; i < inputs.size(); i++) {
            ArrayNode embedding = data.addObject().put("object", "embedding").put("index", i).putArray("embedding");
            for (double value : vector(inputs.get(i))) {
                embedding.add(value);
            }
            tokens += inputs.get(i).split("\\s+").length;
        }
        answer.put("model", request.path("model").asText("stub-embeddings"));
        answer.putObject("usage").put("prompt_tokens", tokens).put("total_tokens", tokens);
        return answer;
    }
}
