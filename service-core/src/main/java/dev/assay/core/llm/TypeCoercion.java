package dev.assay.core.llm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BigIntegerNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.DecimalNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Fixes the obvious type slips of a judge's JSON answer, guided by the schema: a string
 * {@code "8"} where an integer or number is asked, {@code "true"}/{@code "false"} where a
 * boolean is, a single value where an array of it is. Nothing else: a value that needs any
 * interpretation ({@code "yes"}, {@code "about 8"}) is left for the judge to repair, so no
 * meaning is ever guessed. Never changes its input; returns a coerced copy.
 */
final class TypeCoercion {

    private static final Pattern INTEGER = Pattern.compile("[-+]?\\d+");
    private static final Pattern NUMBER = Pattern.compile("[-+]?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?");
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private TypeCoercion() {
    }

    static JsonNode coerce(JsonNode value, JsonNode schema) {
        if (value == null || schema == null || !schema.isObject()) {
            return value;
        }
        Set<String> types = types(schema);
        if (value.isObject() && (types.isEmpty() || types.contains("object"))) {
            return coerceObject((ObjectNode) value, schema.get("properties"));
        }
        if (value.isArray()) {
            return types.isEmpty() || types.contains("array") ? coerceItems((ArrayNode) value, schema.get("items")) : value;
        }
        if (value.isNull() || types.isEmpty() || types.contains(typeOf(value))
                || value.isIntegralNumber() && types.contains("number")) {
            return value;
        }
        if (value.isTextual()) {
            JsonNode scalar = fromText(value.asText().strip(), types);
            if (scalar != null) {
                return scalar;
            }
        }
        if (types.contains("array")) {
            // One value where a list is asked: the list of that one value (its item coerced too).
            return NODES.arrayNode().add(coerce(value, schema.get("items")));
        }
        return value;
    }

    private static JsonNode coerceObject(ObjectNode value, JsonNode properties) {
        if (properties == null || !properties.isObject()) {
            return value;
        }
        ObjectNode copy = value.deepCopy();
        for (Iterator<Map.Entry<String, JsonNode>> it = properties.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> property = it.next();
            if (copy.has(property.getKey())) {
                copy.set(property.getKey(), coerce(copy.get(property.getKey()), property.getValue()));
            }
        }
        return copy;
    }

    private static JsonNode coerceItems(ArrayNode value, JsonNode items) {
        ArrayNode copy = NODES.arrayNode();
        value.forEach(item -> copy.add(coerce(item, items)));
        return copy;
    }

    /** The text as the first of integer, number, boolean the schema allows and it plainly is; null when none. */
    private static JsonNode fromText(String text, Set<String> types) {
        if (types.contains("integer") && INTEGER.matcher(text).matches()) {
            return BigIntegerNode.valueOf(new BigInteger(text.startsWith("+") ? text.substring(1) : text));
        }
        if (types.contains("number") && NUMBER.matcher(text).matches()) {
            return DecimalNode.valueOf(new BigDecimal(text.startsWith("+") ? text.substring(1) : text));
        }
        if (types.contains("boolean")) {
            String lower = text.toLowerCase(Locale.ROOT);
            if (lower.equals("true") || lower.equals("false")) {
                return BooleanNode.valueOf(lower.equals("true"));
            }
        }
        return null;
    }

    private static Set<String> types(JsonNode schema) {
        JsonNode type = schema.get("type");
        Set<String> types = new HashSet<>();
        if (type != null && type.isTextual()) {
            types.add(type.asText());
        } else if (type != null && type.isArray()) {
            type.forEach(t -> types.add(t.asText()));
        }
        return types;
    }

    /** The JSON schema type name of a value; an integral number is also a "number". */
    private static String typeOf(JsonNode value) {
        return switch (value.getNodeType()) {
            case STRING -> "string";
            case BOOLEAN -> "boolean";
            case NUMBER -> value.isIntegralNumber() ? "integer" : "number";
            case OBJECT -> "object";
            case ARRAY -> "array";
            default -> "null";
        };
    }
}
