package dev.assay.importers.karenina;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A Karenina JSON-LD checkpoint: a schema.org {@code DataFeed} whose {@code dataFeedElement} items
 * are the questions, with the global rubric in its {@code rating} list and settings in
 * {@code additionalProperty}.
 *
 * @param file what the user gave, for messages
 */
record Checkpoint(String file, JsonNode root) {

    List<JsonNode> elements() {
        List<JsonNode> elements = new ArrayList<>();
        root.path("dataFeedElement").forEach(elements::add);
        return elements;
    }

    /** The root's ratings: the global rubric. */
    List<JsonNode> globalRatings() {
        return listOf(root.get("rating"));
    }

    PropertyValues properties() {
        return PropertyValues.of(root.get("additionalProperty"));
    }

    Optional<String> text(String name) {
        JsonNode value = root.get(name);
        if (value == null || value.isNull()) {
            return Optional.empty();
        }
        if (value.isObject() && value.path("name").isTextual()) {
            return Optional.of(value.get("name").asText()); // creator as a schema.org Person
        }
        return value.isValueNode() ? Optional.of(value.asText()) : Optional.empty();
    }

    /** A JSON-LD value that may be one item or a list of them. */
    static List<JsonNode> listOf(JsonNode node) {
        List<JsonNode> items = new ArrayList<>();
        if (node == null || node.isNull()) {
            return items;
        }
        if (node.isArray()) {
            node.forEach(items::add);
        } else {
            items.add(node);
        }
        return items;
    }
}
