package dev.assay.rubric.service.trait;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.assay.common.benchmark.RubricTrait;
import dev.assay.common.json.Json;

import java.util.List;

/**
 * The JSON schema of a batched boolean-trait call: one boolean property per trait, named like the
 * trait and described by its description, every one required, nothing else allowed.
 */
public final class TraitBatchSchema {

    private TraitBatchSchema() {
    }

    public static ObjectNode of(List<RubricTrait> traits) {
        ObjectNode schema = Json.mapper().createObjectNode();
        schema.put("type", "object");
        ObjectNode properties = schema.putObject("properties");
        ArrayNode required = schema.putArray("required");
        for (RubricTrait trait : traits) {
            ObjectNode property = properties.putObject(trait.name());
            property.put("type", "boolean");
            if (trait.description() != null) {
                property.put("description", trait.description());
            }
            required.add(trait.name());
        }
        schema.put("additionalProperties", false);
        return schema;
    }
}
