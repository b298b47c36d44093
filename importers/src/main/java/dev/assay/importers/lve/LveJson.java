package dev.assay.importers.lve;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.assay.common.json.Json;
import dev.assay.importers.TextScalars;

import java.util.Optional;

/**
 * JSON as LVE's Python reads it ({@code json.loads}): one value, nothing after it; whole numbers
 * and others stay apart (int and float), floats as doubles, NaN and Infinity accepted.
 */
final class LveJson {

    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(JsonParser.Feature.ALLOW_NON_NUMERIC_NUMBERS)
            .build();
    /** YAML as benchmark files are written (ImportedFiles: minimal quotes). */
    private static final ObjectMapper BENCHMARK_YAML = new YAMLMapper(YAMLFactory.builder()
            .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
            .stringQuotingChecker(TextScalars.checker())
            .build());

    private LveJson() {
    }

    /** The value of {@code text}, or empty when it is not exactly one JSON value. */
    static Optional<JsonNode> parse(String text) {
        try {
            return Optional.of(read(text));
        } catch (JsonProcessingException e) {
            return Optional.empty();
        }
    }

    static JsonNode read(String text) throws JsonProcessingException {
        JsonNode node = MAPPER.readTree(text);
        if (node == null || node.isMissingNode()) {
            throw new JsonProcessingException("no JSON value") {
            };
        }
        return node;
    }

    /**
     * {@code node} as it reads back from a benchmark file (written with minimal quotes, read by
     * Assay's YAML mapper), so metadata made this way reads back equal. Two passes: the first turns
     * 0.0 into a decimal zero, which is written as 0 and reads back as an int.
     */
    static JsonNode asAssayTree(JsonNode node) {
        try {
            JsonNode once = Json.yaml().readTree(BENCHMARK_YAML.writeValueAsString(node));
            return Json.yaml().readTree(BENCHMARK_YAML.writeValueAsString(once));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a tree just read cannot be written back", e);
        }
    }
}
