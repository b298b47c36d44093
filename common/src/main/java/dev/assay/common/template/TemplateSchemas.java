package dev.assay.common.template;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.assay.common.benchmark.AnswerTemplate;
import dev.assay.common.benchmark.FieldType;
import dev.assay.common.benchmark.TemplateField;

import java.util.Map;

/**
 * The JSON schema a judge fills for a template: types, allowed values, descriptions. Ground truth
 * never goes into it — the judge must not see the answer.
 *
 * <p>Every field admits null: "the response does not say" must always be expressible, so that an
 * omitted value becomes a failed field (null never matches a ground truth) rather than a judge
 * forced to invent one, or an unusable answer.
 */
public final class TemplateSchemas {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private TemplateSchemas() {
    }

    public static ObjectNode of(AnswerTemplate template) {
        ObjectNode schema = NODES.objectNode();
        schema.put("type", "object");
        ObjectNode properties = schema.putObject("properties");
        ArrayNode required = NODES.arrayNode();
        for (Map.Entry<String, TemplateField> entry : template.fields().entrySet()) {
            properties.set(entry.getKey(), fieldSchema(entry.getValue()));
            required.add(entry.getKey());
        }
        // Every field is required; a nullable one is answered with null when the response does not say.
        schema.set("required", required);
        schema.put("additionalProperties", false);
        return schema;
    }

    private static ObjectNode fieldSchema(TemplateField field) {
        ObjectNode node = NODES.objectNode();
        String jsonType = jsonType(field.type());
        node.set("type", NODES.arrayNode().add(jsonType).add("null"));
        if (field.description() != null) {
            node.put("description", field.description());
        }
        switch (field.type()) {
            case LITERAL -> {
                ArrayNode values = node.putArray("enum");
                field.values().forEach(values::add);
                values.addNull();
            }
            case DATE -> node.put("format", "date");
            case LIST -> node.putObject("items").put("type", jsonType(field.items() == null ? FieldType.STRING : field.items()));
            default -> {
            }
        }
        return node;
    }

    private static String jsonType(FieldType type) {
        return switch (type) {
            case STRING, LITERAL, DATE -> "string";
            case INTEGER -> "integer";
            case NUMBER -> "number";
            case BOOLEAN -> "boolean";
            case LIST -> "array";
        };
    }
}
