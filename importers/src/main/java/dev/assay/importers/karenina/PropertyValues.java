package dev.assay.importers.karenina;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.json.Json;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A schema.org {@code additionalProperty} list ({@code [{"@type": "PropertyValue", "name": ..., "value": ...}]})
 * by name, in order. Karenina stores some values (few-shot examples, authors, sources, instruction
 * lists) as JSON encoded in a string, others as JSON: {@link #decoded} reads both.
 */
final class PropertyValues {

    private final Map<String, JsonNode> byName;

    private PropertyValues(Map<String, JsonNode> byName) {
        this.byName = byName;
    }

    static PropertyValues of(JsonNode additionalProperty) {
        Map<String, JsonNode> byName = new LinkedHashMap<>();
        for (JsonNode property : Checkpoint.listOf(additionalProperty)) {
            if (property.path("name").isTextual()) {
                byName.putIfAbsent(property.get("name").asText(), property.has("value") ? property.get("value") : Json.mapper().nullNode());
            }
        }
        return new PropertyValues(byName);
    }

    Optional<JsonNode> get(String name) {
        JsonNode value = byName.get(name);
        return value == null || value.isNull() ? Optional.empty() : Optional.of(value);
    }

    /** The value, with JSON written inside a string read as JSON. */
    Optional<JsonNode> decoded(String name) {
        return get(name).map(PropertyValues::decoded);
    }

    Optional<Boolean> bool(String name) {
        return get(name).filter(JsonNode::isBoolean).map(JsonNode::booleanValue);
    }

    Optional<String> text(String name) {
        return get(name).filter(JsonNode::isTextual).map(JsonNode::asText);
    }

    Map<String, JsonNode> all() {
        return java.util.Collections.unmodifiableMap(byName);
    }

    /** A string holding a JSON list or object, read as one; any other value as it is. */
    static JsonNode decoded(JsonNode value) {
        if (value.isTextual()) {
            String text = value.asText().strip();
            if (text.startsWith("[") || text.startsWith("{")) {
                try {
                    return Json.mapper().readTree(text);
                } catch (JsonProcessingException e) {
                    return value;
                }
            }
        }
        return value;
    }
}
