package dev.assay.common.prompt.judge;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.assay.common.benchmark.RubricTrait;
import dev.assay.common.json.Json;

import java.util.List;

/**
 * The presence check's answer: one required boolean per dynamic trait, named like the trait and
 * described by its concept, nothing else.
 */
public final class PresenceSchema {

    private PresenceSchema() {
    }

    public static ObjectNode of(List<RubricTrait> dynamicTraits) {
        ObjectNode schema = Json.mapper().createObjectNode();
        schema.put("type", "object");
        ObjectNode properties = schema.putObject("properties");
        ArrayNode required = schema.putArray("required");
        for (RubricTrait trait : dynamicTraits) {
            ObjectNode property = properties.putObject(trait.name()).put("type", "boolean");
            if (trait.concept() != null) {
                property.put("description", "whether the response is about: " + trait.concept().strip());
            }
            required.add(trait.name());
        }
        schema.put("additionalProperties", false);
        return schema;
    }
}
