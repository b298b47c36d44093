package dev.assay.core.llm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BigIntegerNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.DecimalNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Fixes the type slips of a judge's JSON answer that have one reading, guided by the schema, the
 * way Pydantic v2 reads input in its default (lax) mode, so an answer Karenina's templates accept
 * is accepted here too:
 * <ul>
 *   <li>boolean: the text {@code true/false, yes/no, on/off, t/f, y/n, 1/0} in any case, and the
 *       numbers {@code 1} and {@code 0} ({@code 1.0}, {@code 0.0});</li>
 *   <li>integer: text holding a whole number ({@code "8"}, {@code " 8 "}, {@code "8.0"}) and a
 *       number with no fraction ({@code 8.0});</li>
 *   <li>number: text holding a number ({@code "2.5"}, {@code "2.5e1"});</li>
 *   <li>string: a number, written as JSON writes it ({@code 42} → {@code "42"}; Pydantic does this
 *       with {@code coerce_numbers_to_str});</li>
 *   <li>array: a single value where a list of it is asked (Pydantic refuses this; a judge's lone
 *       value is still a list of one), unless it is text with a separator ({@code "a, b"}: one
 *       item or two?).</li>
 * </ul>
 * Nothing else: a value that needs interpretation ({@code "maybe"}, {@code 2} for a boolean,
 * {@code "about 8"}, {@code "8.5"} for an integer, {@code true} for a number) is left for the judge
 * to repair, so no meaning is ever guessed. Every change is noted ({@code verdict: "yes" read as
 * true}) so a result can say its judge's answer was coerced. Never changes its input; returns a
 * coerced copy.
 */
final class TypeCoercion {

    private static final Pattern INTEGER = Pattern.compile("[-+]?\\d+(\\.0*)?");
    private static final Pattern NUMBER = Pattern.compile("[-+]?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?");
    /** Separators that make one text where a list is asked read as several items, or one. */
    private static final Pattern LIST_IN_TEXT = Pattern.compile("[,;\\n|]");
    private static final Set<String> TRUE = Set.of("true", "yes", "on", "t", "y", "1");
    private static final Set<String> FALSE = Set.of("false", "no", "off", "f", "n", "0");
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private TypeCoercion() {
    }

    /**
     * A coerced answer.
     *
     * @param changes  each change made, named by its path in the answer ({@code verdict: "yes" read as true})
     * @param refusals each value of the wrong type that has no single reading, and why
     */
    record Coerced(JsonNode value, List<String> changes, List<String> refusals) {
        Coerced {
            changes = List.copyOf(changes);
            refusals = List.copyOf(refusals);
        }
    }

    static JsonNode coerce(JsonNode value, JsonNode schema) {
        return coerceNoting(value, schema).value();
    }

    static Coerced coerceNoting(JsonNode value, JsonNode schema) {
        List<String> changes = new ArrayList<>();
        List<String> refusals = new ArrayList<>();
        JsonNode coerced = coerce(value, schema, "", changes, refusals);
        return new Coerced(coerced, changes, refusals);
    }

    private static JsonNode coerce(JsonNode value, JsonNode schema, String path, List<String> notes, List<String> refusals) {
        if (value == null || schema == null || !schema.isObject()) {
            return value;
        }
        Set<String> types = types(schema);
        if (value.isObject() && (types.isEmpty() || types.contains("object"))) {
            return coerceObject((ObjectNode) value, schema.get("properties"), path, notes, refusals);
        }
        if (value.isArray()) {
            return types.isEmpty() || types.contains("array")
                    ? coerceItems((ArrayNode) value, schema.get("items"), path, notes, refusals) : value;
        }
        if (value.isNull() || types.isEmpty() || types.contains(typeOf(value))
                || value.isIntegralNumber() && types.contains("number")) {
            return value;
        }
        JsonNode scalar = value.isTextual() ? fromText(value.asText().strip(), types)
                : value.isNumber() ? fromNumber(value, types) : null;
        if (scalar != null) {
            // JSON readers may write 3.0 as 3: say which kind of number became an integer
            notes.add(name(path) + (value.isNumber() && scalar.isIntegralNumber()
                    ? "the decimal " + value + " read as the integer " + scalar : value + " read as " + scalar));
            return scalar;
        }
        if (types.contains("array") && value.isTextual() && LIST_IN_TEXT.matcher(value.asText()).find()) {
            // "a, b" may be one item or two: the judge is asked for the items instead
            refusals.add(name(path) + value + " is one text where a list is asked and may hold several items;"
                    + " give them as a JSON array");
            return value;
        }
        if (types.contains("array")) {
            // One value where a list is asked: the list of that one value (its item coerced too).
            ArrayNode list = NODES.arrayNode().add(coerce(value, schema.get("items"), path + "[0]", notes, refusals));
            notes.add(name(path) + value + " read as the list " + list);
            return list;
        }
        refusals.add(name(path) + value + " is not " + describe(types) + " and has no single reading as one");
        return value;
    }

    private static String name(String path) {
        return path.isEmpty() ? "" : path + ": ";
    }

    private static String describe(Set<String> types) {
        List<String> named = new ArrayList<>();
        for (String type : List.of("boolean", "integer", "number", "string", "object")) {
            if (types.contains(type)) {
                named.add(switch (type) {
                    case "boolean" -> "a boolean (true/false, yes/no, on/off, 1/0)";
                    case "integer" -> "a whole number";
                    case "number" -> "a number";
                    case "string" -> "text";
                    default -> "an object";
                });
            }
        }
        return named.isEmpty() ? "of the type asked" : String.join(" or ", named);
    }

    private static JsonNode coerceObject(ObjectNode value, JsonNode properties, String path, List<String> notes,
                                         List<String> refusals) {
        if (properties == null || !properties.isObject()) {
            return value;
        }
        ObjectNode copy = value.deepCopy();
        for (Iterator<Map.Entry<String, JsonNode>> it = properties.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> property = it.next();
            if (copy.has(property.getKey())) {
                String child = path.isEmpty() ? property.getKey() : path + "." + property.getKey();
                copy.set(property.getKey(), coerce(copy.get(property.getKey()), property.getValue(), child, notes, refusals));
            }
        }
        return copy;
    }

    private static JsonNode coerceItems(ArrayNode value, JsonNode items, String path, List<String> notes, List<String> refusals) {
        ArrayNode copy = NODES.arrayNode();
        for (int i = 0; i < value.size(); i++) {
            copy.add(coerce(value.get(i), items, path + "[" + i + "]", notes, refusals));
        }
        return copy;
    }

    /** The text as the first of integer, number, boolean the schema allows and it plainly is; null when none. */
    private static JsonNode fromText(String text, Set<String> types) {
        if (types.contains("integer") && INTEGER.matcher(text).matches()) {
            String whole = text.contains(".") ? text.substring(0, text.indexOf('.')) : text;
            return BigIntegerNode.valueOf(new BigInteger(whole.startsWith("+") ? whole.substring(1) : whole));
        }
        if (types.contains("number") && NUMBER.matcher(text).matches()) {
            return DecimalNode.valueOf(new BigDecimal(text.startsWith("+") ? text.substring(1) : text));
        }
        if (types.contains("boolean")) {
            // ASCII lower case, as Pydantic: no locale may turn "I" into a dotless "ı"
            String lower = text.toLowerCase(Locale.ROOT);
            if (TRUE.contains(lower) || FALSE.contains(lower)) {
                return BooleanNode.valueOf(TRUE.contains(lower));
            }
        }
        return null;
    }

    /** A number where another type is asked: a whole one for an integer, 1/0 for a boolean, its text for a string. */
    private static JsonNode fromNumber(JsonNode number, Set<String> types) {
        BigDecimal decimal = number.decimalValue();
        boolean whole = decimal.signum() == 0 || decimal.stripTrailingZeros().scale() <= 0;
        if (types.contains("integer") && whole) {
            return BigIntegerNode.valueOf(decimal.toBigIntegerExact());
        }
        if (types.contains("boolean") && whole && (decimal.signum() == 0 || decimal.compareTo(BigDecimal.ONE) == 0)) {
            return BooleanNode.valueOf(decimal.signum() != 0);
        }
        if (types.contains("string")) {
            return TextNode.valueOf(number.isIntegralNumber() ? number.bigIntegerValue().toString() : number.asText());
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
