package dev.assay.importers.karenina;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.assay.common.benchmark.FieldType;
import dev.assay.common.template.Composition;
import dev.assay.importers.karenina.python.PyStatement;
import dev.assay.importers.python.PyExpr;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the {@code verify()} of a generated-pattern template: local assignments of comparisons and
 * one {@code return} of comparisons joined by {@code and} (or by {@code or}). Each comparison must
 * set one field against its {@code self.correct} entry (or a literal) in a shape an Assay primitive
 * checks the same way; each field must be checked exactly once. Anything else is not converted,
 * with the line that does it.
 */
final class VerifyMethodReader {

    static final String DOES_MORE = "verify() does more than compare fields to self.correct";

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    /** The checks, one per field in the order verify() makes them, and the composition (null: all_of). */
    record Reading(Map<String, FieldCheck> checks, JsonNode composition) {
    }

    private record Operand(PyExpr expr, PyStatement statement) {
    }

    private final Map<String, FieldShape> fields;
    private final Map<String, PyExpr> correct;
    private final Map<String, BigDecimal> attributes;

    /**
     * @param fields     the class's fields by name
     * @param correct    the {@code self.correct} entries; null when the class sets no ground truth
     * @param attributes other numbers model_post_init sets ({@code self.tolerance = 0.5})
     */
    VerifyMethodReader(Map<String, FieldShape> fields, Map<String, PyExpr> correct, Map<String, BigDecimal> attributes) {
        this.fields = fields;
        this.correct = correct;
        this.attributes = attributes;
    }

    /** Whether verify() is Karenina's placeholder: a bare {@code return False}. */
    static boolean isPlaceholder(PyStatement.FunctionDef verify) {
        List<PyStatement> body = withoutDocstring(verify.body());
        return body.size() == 1 && body.getFirst() instanceof PyStatement.Return(PyExpr.Bool(boolean flag), int line, String text) && !flag;
    }

    Reading read(PyStatement.FunctionDef verify) {
        if (!verify.params().equals(List.of("self"))) {
            throw TemplateNotConvertible.at(verify, "verify() takes parameters besides self");
        }
        List<PyStatement> body = withoutDocstring(verify.body());
        Map<String, Operand> locals = new HashMap<>();
        PyStatement.Return result = null;
        for (PyStatement statement : body) {
            if (result != null) {
                throw TemplateNotConvertible.at(statement, "verify() has code after its return");
            }
            switch (statement) {
                case PyStatement.Assign(PyExpr.Name(String name), PyExpr value, int line, String text) -> {
                    if (locals.put(name, new Operand(value, statement)) != null) {
                        throw TemplateNotConvertible.at(statement, "verify() assigns " + name + " twice");
                    }
                }
                case PyStatement.Return ret -> result = ret;
                default -> throw TemplateNotConvertible.at(statement, DOES_MORE);
            }
        }
        if (result == null || result.value() == null) {
            throw TemplateNotConvertible.at(verify, "verify() returns no verdict");
        }
        if (result.value() instanceof PyExpr.Bool(boolean flag) && flag) {
            throw TemplateNotConvertible.at(result, "verify() always returns True: nothing is checked");
        }
        String op = result.value() instanceof PyExpr.BoolOp(String join, List<PyExpr> joined) ? join : "and";
        List<Operand> operands = new ArrayList<>();
        flatten(new Operand(result.value(), result), op, locals, operands);
        Map<String, FieldCheck> checks = new LinkedHashMap<>();
        for (Operand operand : operands) {
            FieldCheck check = check(operand);
            if (checks.put(check.field(), check) != null) {
                throw TemplateNotConvertible.at(operand.statement(), "verify() checks field " + check.field()
                        + " twice; an Assay template checks each field once");
            }
        }
        for (String field : fields.keySet()) {
            if (!checks.containsKey(field)) {
                throw TemplateNotConvertible.at(result, "verify() never checks field " + field
                        + ", which Assay would check (it checks every field)");
            }
        }
        JsonNode composition = operands.size() > 1 && op.equals("or") ? TextNode.valueOf(Composition.ANY_OF) : null;
        return new Reading(checks, composition);
    }

    private static List<PyStatement> withoutDocstring(List<PyStatement> body) {
        if (!body.isEmpty() && body.getFirst() instanceof PyStatement.ExprStatement(PyExpr.Str doc, int line, String text)) {
            return body.subList(1, body.size());
        }
        return body;
    }

    /** Collects the comparisons joined by {@code op}, reading local names as what they were assigned. */
    private void flatten(Operand operand, String op, Map<String, Operand> locals, List<Operand> out) {
        PyExpr expr = operand.expr();
        if (expr instanceof PyExpr.Name(String name) && locals.containsKey(name)) {
            flatten(locals.get(name), op, locals, out);
        } else if (expr instanceof PyExpr.BoolOp(String join, List<PyExpr> values)) {
            if (!join.equals(op)) {
                throw TemplateNotConvertible.at(operand.statement(), "verify() mixes and with or");
            }
            values.forEach(value -> flatten(new Operand(value, operand.statement()), op, locals, out));
        } else {
            out.add(operand);
        }
    }

    private FieldCheck check(Operand operand) {
        PyExpr expr = operand.expr();
        if (expr instanceof PyExpr.Compare(PyExpr left, List<String> ops, List<PyExpr> rights) && ops.size() == 1) {
            PyExpr right = rights.getFirst();
            return switch (ops.getFirst()) {
                case "==", "is" -> equality(left, right, ops.getFirst(), operand.statement());
                case "<=", ">=", "<", ">" -> bound(left, ops.getFirst(), right, operand.statement());
                case "in" -> membership(left, right, operand.statement());
                default -> throw TemplateNotConvertible.at(operand.statement(), DOES_MORE);
            };
        }
        // a boolean field as the condition itself: self.flag, not self.flag
        boolean negated = expr instanceof PyExpr.Unary(String op, PyExpr inner) && op.equals("not");
        String name = ComparedSide.selfAttribute(negated ? ((PyExpr.Unary) expr).operand() : expr);
        if (name != null && fields.containsKey(name) && fields.get(name).type() == FieldType.BOOLEAN) {
            return new FieldCheck(name, BooleanNode.valueOf(!negated), TextNode.valueOf("boolean"));
        }
        throw TemplateNotConvertible.at(operand.statement(), DOES_MORE);
    }

    private FieldCheck equality(PyExpr left, PyExpr right, String op, PyStatement statement) {
        ComparedSide[] sides = fieldAndTruth(left, right, statement);
        ComparedSide field = sides[0];
        ComparedSide truth = sides[1];
        FieldShape shape = fields.get(field.name());
        PyExpr truthExpr = truthExpression(truth, statement);
        if (op.equals("is") && shape.type() != FieldType.BOOLEAN) {
            throw TemplateNotConvertible.at(statement, "verify() compares field " + field.name() + " by identity (is)");
        }
        if (field.asSet() != truth.asSet()) {
            throw TemplateNotConvertible.at(statement, "verify() compares a set with a list, which is never equal");
        }
        if (shape.type() != FieldType.STRING && shape.type() != FieldType.LITERAL && !(field.transforms().isEmpty() && truth.transforms().isEmpty())) {
            throw TemplateNotConvertible.at(statement, DOES_MORE);
        }
        if (field.asSet() && shape.type() != FieldType.LIST) {
            throw TemplateNotConvertible.at(statement, DOES_MORE);
        }
        return switch (shape.type()) {
            case STRING, LITERAL -> text(field, truth, truthExpr, shape, statement);
            case INTEGER, NUMBER -> new FieldCheck(field.name(), number(truthExpr, shape, field.name(), statement), TextNode.valueOf("numeric_exact"));
            case BOOLEAN -> {
                JsonNode truthValue = value(truthExpr, statement);
                if (!truthValue.isBoolean()) {
                    throw never(statement, field.name(), truthValue);
                }
                yield new FieldCheck(field.name(), truthValue, TextNode.valueOf("boolean"));
            }
            case LIST -> list(field, truthExpr, shape, statement);
            case DATE -> {
                if (!PythonValues.isDate(truthExpr)) {
                    throw TemplateNotConvertible.at(statement, "verify() compares date field " + field.name()
                            + " with something that is not a date(...), which is never equal");
                }
                yield new FieldCheck(field.name(), value(truthExpr, statement), TextNode.valueOf("date_exact"));
            }
        };
    }

    /**
     * Text compared after string methods. Python compares F(x) with T(truth); Assay compares N(x)
     * with N(ground truth), N being F's normalizers. With T(truth) as the ground truth that is the
     * same comparison when F leaves T(truth) unchanged — and when F changes it, F(x) can never equal it.
     */
    private FieldCheck text(ComparedSide field, ComparedSide truth, PyExpr truthExpr, FieldShape shape, PyStatement statement) {
        JsonNode truthValue = value(truthExpr, statement);
        if (!truthValue.isTextual()) {
            throw never(statement, field.name(), truthValue);
        }
        String written = truthValue.asText();
        String compared = truth.transforms().apply(written);
        if (!field.transforms().apply(compared).equals(compared)) {
            throw TemplateNotConvertible.at(statement, "verify() can never pass: field " + field.name() + " after "
                    + field.transforms().methods() + " is compared with \"" + compared + "\", which those methods would change");
        }
        String groundTruth = field.transforms().apply(written).equals(compared) ? written : compared;
        if (shape.type() == FieldType.LITERAL) {
            if (!shape.values().contains(groundTruth)) {
                throw TemplateNotConvertible.at(statement, "verify() compares Literal field " + field.name() + " with \""
                        + groundTruth + "\", which is not one of its values " + shape.values());
            }
            JsonNode verify = field.transforms().ignoresCase()
                    ? NODES.objectNode().put("primitive", "literal").put("case_sensitive", false)
                    : TextNode.valueOf("literal");
            return new FieldCheck(field.name(), TextNode.valueOf(groundTruth), verify);
        }
        ObjectNode verify = NODES.objectNode().put("primitive", "exact");
        ArrayNode normalizers = verify.putArray("normalizers");
        field.transforms().normalizers().forEach(normalizers::add);
        return new FieldCheck(field.name(), TextNode.valueOf(groundTruth), verify);
    }

    private FieldCheck list(ComparedSide field, PyExpr truthExpr, FieldShape shape, PyStatement statement) {
        JsonNode truthValue = value(truthExpr, statement);
        if (!truthValue.isArray()) {
            throw never(statement, field.name(), truthValue);
        }
        for (JsonNode item : truthValue) {
            if (shape.items() == FieldType.NUMBER ? !item.isNumber() : !item.isTextual()) {
                throw never(statement, field.name(), truthValue);
            }
        }
        ObjectNode verify = NODES.objectNode().put("primitive", field.asSet() ? "set_containment" : "ordered_match");
        if (field.asSet()) {
            verify.put("mode", "equal");
        }
        if (shape.isTextList()) {
            verify.putArray("normalizers");
        }
        return new FieldCheck(field.name(), truthValue, verify);
    }

    /** {@code abs(self.x - truth) <= tolerance}, {@code set(self.x) <= set(truth)}, {@code self.x >= truth}. */
    private FieldCheck bound(PyExpr left, String op, PyExpr right, PyStatement statement) {
        boolean absLeft = isAbsDifference(left);
        if (absLeft || isAbsDifference(right)) {
            boolean within = absLeft ? op.equals("<=") : op.equals(">=");
            boolean strict = absLeft ? op.equals("<") : op.equals(">");
            if (strict) {
                throw TemplateNotConvertible.at(statement, "verify() uses a strict tolerance (" + op
                        + "); Assay's numeric_tolerance includes the boundary");
            }
            if (!within) {
                throw TemplateNotConvertible.at(statement, DOES_MORE);
            }
            return tolerance((PyExpr.Call) (absLeft ? left : right), absLeft ? right : left, statement);
        }
        ComparedSide a = ComparedSide.of(left);
        ComparedSide b = ComparedSide.of(right);
        if (a == null || b == null) {
            throw TemplateNotConvertible.at(statement, DOES_MORE);
        }
        boolean fieldLeft = a.kind() == ComparedSide.Kind.FIELD;
        ComparedSide[] sides = fieldAndTruth(left, right, statement);
        ComparedSide field = sides[0];
        ComparedSide truth = sides[1];
        // as if the field were on the left: truth <= self.x is self.x >= truth
        String asFieldLeft = fieldLeft ? op : switch (op) {
            case "<=" -> ">=";
            case ">=" -> "<=";
            case "<" -> ">";
            default -> "<";
        };
        FieldShape shape = fields.get(field.name());
        PyExpr truthExpr = truthExpression(truth, statement);
        if (field.asSet() && truth.asSet() && shape.type() == FieldType.LIST && field.transforms().isEmpty() && truth.transforms().isEmpty()) {
            if (asFieldLeft.length() == 1) {
                throw TemplateNotConvertible.at(statement, "verify() tests a strict subset or superset, which Assay's set_containment does not");
            }
            FieldCheck equal = list(field, truthExpr, shape, statement);
            ((ObjectNode) equal.verify()).put("mode", asFieldLeft.equals("<=") ? "subset" : "superset");
            return equal;
        }
        if (field.isPlain() && truth.isPlain() && shape.isNumeric()) {
            String primitive = asFieldLeft.startsWith(">") ? "numeric_min" : "numeric_max";
            JsonNode verify = asFieldLeft.length() == 1
                    ? NODES.objectNode().put("primitive", primitive).put("inclusive", false) : TextNode.valueOf(primitive);
            return new FieldCheck(field.name(), number(truthExpr, shape, field.name(), statement), verify);
        }
        throw TemplateNotConvertible.at(statement, DOES_MORE);
    }

    private static boolean isAbsDifference(PyExpr expr) {
        return expr instanceof PyExpr.Call call && call.function() instanceof PyExpr.Name(String name) && name.equals("abs")
                && call.args().size() == 1 && call.keywords().isEmpty()
                && call.args().getFirst() instanceof PyExpr.BinOp(PyExpr minuend, String op, PyExpr subtrahend) && op.equals("-");
    }

    private FieldCheck tolerance(PyExpr.Call abs, PyExpr limit, PyStatement statement) {
        PyExpr.BinOp difference = (PyExpr.BinOp) abs.args().getFirst();
        ComparedSide[] sides = fieldAndTruth(difference.left(), difference.right(), statement);
        ComparedSide field = sides[0];
        ComparedSide truth = sides[1];
        FieldShape shape = fields.get(field.name());
        if (!field.isPlain() || !truth.isPlain() || !shape.isNumeric()) {
            throw TemplateNotConvertible.at(statement, DOES_MORE);
        }
        BigDecimal tolerance = toleranceValue(limit, statement);
        JsonNode groundTruth = number(truthExpression(truth, statement), shape, field.name(), statement);
        if (tolerance.signum() == 0) {
            return new FieldCheck(field.name(), groundTruth, TextNode.valueOf("numeric_exact"));
        }
        ObjectNode verify = NODES.objectNode().put("primitive", "numeric_tolerance");
        verify.set("absolute", PythonValues.number(tolerance, tolerance.stripTrailingZeros().scale() <= 0 && tolerance.scale() <= 0));
        return new FieldCheck(field.name(), groundTruth, verify);
    }

    private BigDecimal toleranceValue(PyExpr limit, PyStatement statement) {
        String attribute = ComparedSide.selfAttribute(limit);
        if (attribute != null && attributes.containsKey(attribute)) {
            return nonNegative(attributes.get(attribute), statement);
        }
        JsonNode value = PythonValues.value(limit).orElse(null);
        if (value == null || !value.isNumber()) {
            throw TemplateNotConvertible.at(statement, "verify() compares with a tolerance that is not a number set in the template");
        }
        return nonNegative(value.decimalValue(), statement);
    }

    private static BigDecimal nonNegative(BigDecimal tolerance, PyStatement statement) {
        if (tolerance.signum() < 0) {
            throw TemplateNotConvertible.at(statement, "verify() has a negative tolerance, so it can never pass");
        }
        return tolerance;
    }

    /** {@code truth in self.x}: a substring of a text field, or an item of a list field. */
    private FieldCheck membership(PyExpr left, PyExpr right, PyStatement statement) {
        ComparedSide truth = ComparedSide.of(left);
        ComparedSide field = ComparedSide.of(right);
        if (truth == null || field == null || field.kind() != ComparedSide.Kind.FIELD || truth.kind() == ComparedSide.Kind.FIELD
                || truth.asSet() || field.asSet()) {
            throw TemplateNotConvertible.at(statement, DOES_MORE);
        }
        FieldShape shape = requireField(field.name(), statement);
        JsonNode truthValue = value(truthExpression(truth, statement), statement);
        if (!truthValue.isTextual() || !(shape.isText() || shape.isTextList() && field.transforms().isEmpty())) {
            throw TemplateNotConvertible.at(statement, DOES_MORE);
        }
        String term = truth.transforms().apply(truthValue.asText());
        if (!field.transforms().apply(term).equals(term)) {
            throw TemplateNotConvertible.at(statement, "verify() can never pass: \"" + term + "\" is looked for in field "
                    + field.name() + " after " + field.transforms().methods() + ", which would change it");
        }
        ObjectNode verify = NODES.objectNode().put("primitive", "contains_any");
        if (shape.isText()) {
            ArrayNode normalizers = verify.putArray("normalizers");
            field.transforms().normalizers().forEach(normalizers::add);
            return new FieldCheck(field.name(), TextNode.valueOf(term), verify);
        }
        verify.putArray("terms").add(term);
        verify.putArray("normalizers");
        return new FieldCheck(field.name(), null, verify);
    }

    /** The field side first, the truth side second; exactly one side is a field. */
    private ComparedSide[] fieldAndTruth(PyExpr left, PyExpr right, PyStatement statement) {
        ComparedSide a = ComparedSide.of(left);
        ComparedSide b = ComparedSide.of(right);
        if (a == null || b == null) {
            throw TemplateNotConvertible.at(statement, DOES_MORE);
        }
        boolean aField = a.kind() == ComparedSide.Kind.FIELD;
        boolean bField = b.kind() == ComparedSide.Kind.FIELD;
        if (aField == bField) {
            throw TemplateNotConvertible.at(statement, DOES_MORE);
        }
        ComparedSide field = aField ? a : b;
        requireField(field.name(), statement);
        return new ComparedSide[]{field, aField ? b : a};
    }

    private FieldShape requireField(String name, PyStatement statement) {
        FieldShape shape = fields.get(name);
        if (shape == null) {
            throw TemplateNotConvertible.at(statement, "verify() reads self." + name + ", which is not a field of the class");
        }
        return shape;
    }

    private PyExpr truthExpression(ComparedSide truth, PyStatement statement) {
        if (truth.kind() == ComparedSide.Kind.LITERAL) {
            return truth.literal();
        }
        if (correct == null) {
            throw TemplateNotConvertible.at(statement, "verify() reads self.correct[\"" + truth.name() + "\"], but no ground truth "
                    + "is set (no model_post_init() or ground_truth())");
        }
        PyExpr value = correct.get(truth.name());
        if (value == null) {
            throw TemplateNotConvertible.at(statement, "verify() reads self.correct[\"" + truth.name() + "\"], which the ground truth does not set");
        }
        return value;
    }

    private static JsonNode value(PyExpr expr, PyStatement statement) {
        return PythonValues.value(expr).orElseThrow(() -> TemplateNotConvertible.at(statement,
                "the ground truth it compares with is not a plain value"));
    }

    /** A number ground truth; for an integer field it must be whole (8 or 8.0), or the comparison could never pass. */
    private static JsonNode number(PyExpr truthExpr, FieldShape shape, String field, PyStatement statement) {
        JsonNode truth = value(truthExpr, statement);
        if (!truth.isNumber() || truth.isBoolean()) {
            throw never(statement, field, truth);
        }
        if (shape.type() != FieldType.INTEGER) {
            return truth;
        }
        BigDecimal decimal = truth.decimalValue();
        if (decimal.stripTrailingZeros().scale() > 0) {
            throw never(statement, field, truth);
        }
        return PythonValues.integer(decimal.toBigIntegerExact());
    }

    private static TemplateNotConvertible never(PyStatement statement, String field, JsonNode truth) {
        return TemplateNotConvertible.at(statement, "verify() compares field " + field + " with " + truth
                + ", a value of another type, so it can never pass");
    }
}
