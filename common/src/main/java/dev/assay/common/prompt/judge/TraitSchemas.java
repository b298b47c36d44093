package dev.assay.common.prompt.judge;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.assay.common.benchmark.RubricTrait;
import dev.assay.common.json.Json;

import java.util.List;

/**
 * The JSON schemas of the LLM-judged trait calls. One trait's answer is
 * {@code {"reasoning": "...", "<key>": value}} (key and value per {@link TraitAnswer}): the
 * reasoning comes first so the judge writes it before it commits to a value. A batch answer has
 * one such object per trait, under the trait's name. Everything is required and nothing else is
 * allowed, so a trait left out or misnamed is sent back for repair.
 */
public final class TraitSchemas {

    private TraitSchemas() {
    }

    /** The answer of a batched call: one required property per trait, named like the trait. */
    public static ObjectNode batch(List<RubricTrait> traits) {
        ObjectNode schema = Json.mapper().createObjectNode();
        schema.put("type", "object");
        ObjectNode properties = schema.putObject("properties");
        ArrayNode required = schema.putArray("required");
        for (RubricTrait trait : traits) {
            // the trait's description first, where the judge reads it before the answer's fields
            ObjectNode property = properties.putObject(trait.name()).put("type", "object");
            if (trait.description() != null) {
                property.put("description", trait.description());
            }
            property.setAll(single(trait));
            required.add(trait.name());
        }
        schema.put("additionalProperties", false);
        return schema;
    }

    /** The answer of a one-trait call: its reasoning and its value. */
    public static ObjectNode single(RubricTrait trait) {
        TraitAnswer answer = TraitAnswer.of(trait);
        ObjectNode schema = Json.mapper().createObjectNode();
        schema.put("type", "object");
        ObjectNode properties = schema.putObject("properties");
        properties.putObject(TraitAnswer.REASONING).put("type", "string")
                .put("description", "one or two sentences on what in the response decides the value");
        properties.set(answer.key(), answer.valueSchema());
        schema.putArray("required").add(TraitAnswer.REASONING).add(answer.key());
        schema.put("additionalProperties", false);
        return schema;
    }
}
