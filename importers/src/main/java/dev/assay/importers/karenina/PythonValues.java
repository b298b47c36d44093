package dev.assay.importers.karenina;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BigIntegerNode;
import com.fasterxml.jackson.databind.node.DecimalNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.assay.importers.python.PyExpr;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.util.Optional;

/**
 * Python literals (text, numbers, booleans, lists, dicts with text keys, {@code date(y, m, d)}) as
 * the JSON values Assay's files hold. Numbers keep the decimal they were written as, in the node
 * types Assay's YAML reader gives back, so a written benchmark reads back equal.
 */
final class PythonValues {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private PythonValues() {
    }

    /** The literal's value; throws {@link TemplateNotConvertible} naming {@code what} when it is not a plain literal. */
    static JsonNode json(PyExpr expr, String what) {
        return value(expr).orElseThrow(() -> new TemplateNotConvertible(what + " is not a plain value (text, number, "
                + "true/false, list, date(...))"));
    }

    static Optional<JsonNode> value(PyExpr expr) {
        return switch (expr) {
            case PyExpr.Str(String text) -> Optional.of(TextNode.valueOf(text));
            case PyExpr.Int(BigInteger number) -> Optional.of(integer(number));
            case PyExpr.Float(BigDecimal number) -> Optional.of(decimal(number));
            case PyExpr.Bool(boolean flag) -> Optional.of(NODES.booleanNode(flag));
            case PyExpr.Unary(String op, PyExpr operand) when op.equals("-") && operand instanceof PyExpr.Int(BigInteger number) ->
                    Optional.of(integer(number.negate()));
            case PyExpr.Unary(String op, PyExpr operand) when op.equals("-") && operand instanceof PyExpr.Float(BigDecimal number) ->
                    Optional.of(decimal(number.negate()));
            case PyExpr.ListLit(var items) -> array(items);
            case PyExpr.TupleLit(var items) -> array(items);
            case PyExpr.DictLit(var keys, var values) -> {
                ObjectNode object = NODES.objectNode();
                for (int i = 0; i < keys.size(); i++) {
                    Optional<JsonNode> value = value(values.get(i));
                    if (!(keys.get(i) instanceof PyExpr.Str(String key)) || value.isEmpty()) {
                        yield Optional.empty();
                    }
                    object.set(key, value.get());
                }
                yield Optional.of(object);
            }
            case PyExpr.Call call when isDate(call) -> date(call).map(TextNode::valueOf);
            default -> Optional.empty();
        };
    }

    /** {@code date(2024, 3, 1)} or {@code datetime.date(2024, 3, 1)}. */
    static boolean isDate(PyExpr expr) {
        return expr instanceof PyExpr.Call call && call.functionName().equals("date") && call.args().size() == 3
                && call.keywords().isEmpty();
    }

    /** The ISO day of a {@code date(y, m, d)} call, when its arguments are whole numbers that make a date. */
    static Optional<String> date(PyExpr.Call call) {
        int[] parts = new int[3];
        for (int i = 0; i < 3; i++) {
            if (!(call.args().get(i) instanceof PyExpr.Int(BigInteger number)) || number.bitLength() > 31) {
                return Optional.empty();
            }
            parts[i] = number.intValue();
        }
        try {
            return Optional.of(LocalDate.of(parts[0], parts[1], parts[2]).toString());
        } catch (DateTimeException e) {
            return Optional.empty();
        }
    }

    static JsonNode integer(BigInteger number) {
        if (number.bitLength() < 32) {
            return IntNode.valueOf(number.intValue());
        }
        return number.bitLength() < 64 ? LongNode.valueOf(number.longValue()) : BigIntegerNode.valueOf(number);
    }

    /** A float keeps at least one decimal place: written as {@code 1000.0}, it reads back as the same decimal. */
    static JsonNode decimal(BigDecimal number) {
        return DecimalNode.valueOf(number.scale() < 1 ? number.setScale(1) : number);
    }

    /** A JSON number as the node Assay's reader would make of it: integral ones as integers when {@code integral}. */
    static JsonNode number(BigDecimal number, boolean integral) {
        if (integral) {
            return integer(number.toBigIntegerExact());
        }
        return decimal(number);
    }

    private static Optional<JsonNode> array(java.util.List<PyExpr> items) {
        ArrayNode array = NODES.arrayNode();
        for (PyExpr item : items) {
            Optional<JsonNode> value = value(item);
            if (value.isEmpty()) {
                return Optional.empty();
            }
            array.add(value.get());
        }
        return Optional.of(array);
    }
}
