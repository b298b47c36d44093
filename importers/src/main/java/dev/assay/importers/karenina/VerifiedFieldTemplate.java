package dev.assay.importers.karenina;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.assay.common.benchmark.AnswerTemplate;
import dev.assay.common.benchmark.RegexCheck;
import dev.assay.common.benchmark.TemplateField;
import dev.assay.common.template.Composition;
import dev.assay.importers.karenina.python.PyStatement;
import dev.assay.importers.python.PyExpr;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Converts a declarative template: every field a {@code VerifiedField(description=..., ground_truth=...,
 * verify_with=<primitive>(...))}, optionally a {@code VerificationStrategy} with a flat
 * {@code AllOf} / {@code AnyOf} / {@code AtLeastN} over the fields. Karenina writes verify() itself
 * for such a class, so a class that defines methods of its own is not this form.
 */
final class VerifiedFieldTemplate {

    private static final List<String> POSITIONAL = List.of("description", "ground_truth", "verify_with", "weight", "extraction_hint");
    private static final Set<String> KEYWORDS = Set.of("description", "ground_truth", "verify_with", "weight", "extraction_hint", "default");

    private VerifiedFieldTemplate() {
    }

    static boolean isVerifiedField(PyExpr value) {
        return value instanceof PyExpr.Call call && call.functionName().equals("VerifiedField");
    }

    static TemplateReading convert(AnswerClass answer) {
        for (PyStatement.FunctionDef method : answer.methods().values()) {
            throw TemplateNotConvertible.at(method, "method " + method.name() + "() next to VerifiedField fields "
                    + "(Karenina derives verify() from the fields; a method of its own changes that)");
        }
        Map<String, TemplateField> fields = new LinkedHashMap<>();
        List<RegexCheck> regexChecks = new ArrayList<>();
        Set<String> rawResponseFields = new LinkedHashSet<>();
        List<String> leftOut = new ArrayList<>();
        for (AnswerClass.FieldDeclaration declaration : answer.fields()) {
            if (!isVerifiedField(declaration.value())) {
                throw TemplateNotConvertible.at(declaration.statement(), "field " + declaration.name() + " is not a VerifiedField: "
                        + "Karenina extracts it without checking it, and Assay checks every field");
            }
            Map<String, PyExpr> arguments = arguments((PyExpr.Call) declaration.value(), declaration);
            String where = "field " + declaration.name();
            if (!(arguments.get("description") instanceof PyExpr.Str(String description)) || description.isBlank()) {
                throw TemplateNotConvertible.at(declaration.statement(), where + " has no description for the judge");
            }
            if (!(arguments.get("verify_with") instanceof PyExpr.Call primitive)) {
                throw TemplateNotConvertible.at(declaration.statement(), where + " has no verify_with primitive");
            }
            PyExpr truthExpr = arguments.get("ground_truth");
            if (truthExpr == null || truthExpr instanceof PyExpr.Call call && !PythonValues.isDate(call)) {
                throw TemplateNotConvertible.at(declaration.statement(), where + " has no plain ground truth (a conditional "
                        + "ground truth is not converted)");
            }
            JsonNode truth = truthExpr instanceof PyExpr.None ? JsonNodeFactory.instance.nullNode()
                    : PythonValues.value(truthExpr).orElseThrow(() -> TemplateNotConvertible.at(declaration.statement(),
                    where + ": its ground truth is not a plain value"));
            FieldShape shape = FieldTypes.of(declaration.annotation(), declaration.name());
            VerifiedFieldPrimitives.Mapped mapped;
            try {
                mapped = VerifiedFieldPrimitives.map(primitive, shape, truth, declaration.name());
            } catch (TemplateNotConvertible e) {
                throw new TemplateNotConvertible(e.getMessage() + " (" + TemplateNotConvertible.where(declaration.statement()) + ")");
            }
            if (mapped.leftOut() != null) {
                leftOut.add("template: " + mapped.leftOut());
            }
            if (arguments.get("extraction_hint") instanceof PyExpr.Str(String hint)) {
                leftOut.add("template: " + where + ": extraction_hint \"" + hint + "\" is not converted (add it to the description "
                        + "if the judge needs it)");
            }
            if (mapped.regexCheck() != null) {
                regexChecks.add(mapped.regexCheck());
                rawResponseFields.add(declaration.name());
                continue;
            }
            fields.put(declaration.name(), TemplateField.builder(mapped.shape().type(), description)
                    .groundTruth(mapped.groundTruth())
                    .nullable(shape.nullable() || arguments.get("default") instanceof PyExpr.None ? Boolean.TRUE : null)
                    .values(mapped.shape().values())
                    .items(mapped.shape().items())
                    .verify(mapped.verify())
                    .weight(weight(arguments.get("weight"), declaration))
                    .build());
        }
        if (fields.isEmpty()) {
            throw new TemplateNotConvertible("only raw-response checks (Trace primitives) and no field for the judge; "
                    + "an Assay template needs at least one field");
        }
        JsonNode composition = answer.strategy() == null ? null : composition(answer.strategy(), fields.keySet(), rawResponseFields);
        return TemplateReading.converted(new AnswerTemplate(fields, composition, regexChecks), leftOut);
    }

    private static Map<String, PyExpr> arguments(PyExpr.Call call, AnswerClass.FieldDeclaration declaration) {
        if (call.args().size() > POSITIONAL.size()) {
            throw TemplateNotConvertible.at(declaration.statement(), "VerifiedField() with too many arguments");
        }
        Map<String, PyExpr> arguments = new LinkedHashMap<>();
        for (int i = 0; i < call.args().size(); i++) {
            arguments.put(POSITIONAL.get(i), call.args().get(i));
        }
        for (Map.Entry<String, PyExpr> keyword : call.keywords().entrySet()) {
            if (!KEYWORDS.contains(keyword.getKey())) {
                throw TemplateNotConvertible.at(declaration.statement(), "field " + declaration.name() + ": VerifiedField("
                        + keyword.getKey() + "=...) has no Assay equivalent");
            }
            if (keyword.getKey().equals("default") && !(keyword.getValue() instanceof PyExpr.None)) {
                throw TemplateNotConvertible.at(declaration.statement(), "field " + declaration.name() + " has a default value");
            }
            arguments.put(keyword.getKey(), keyword.getValue());
        }
        return arguments;
    }

    private static Double weight(PyExpr expr, AnswerClass.FieldDeclaration declaration) {
        if (expr == null) {
            return null;
        }
        BigDecimal weight = switch (expr) {
            case PyExpr.Int(BigInteger number) -> new BigDecimal(number);
            case PyExpr.Float(BigDecimal number) -> number;
            default -> throw TemplateNotConvertible.at(declaration.statement(), "field " + declaration.name() + ": its weight is not a number");
        };
        return weight.compareTo(BigDecimal.ONE) == 0 ? null : weight.doubleValue();
    }

    /**
     * {@code verify_strategy = AnyOf(conditions=[FieldCheck(field="a"), ...])}: a flat strategy over
     * all the fields maps to a composition. Regex checks must always pass in Assay, so raw-response
     * fields fit only under AllOf.
     */
    private static JsonNode composition(PyStatement.ClassDef strategy, Set<String> fields, Set<String> rawResponseFields) {
        PyExpr.Call root = null;
        for (PyStatement statement : strategy.body()) {
            if (statement instanceof PyStatement.Assign(PyExpr.Name(String name), PyExpr.Call call, int line, String text) && name.equals("verify_strategy")) {
                root = call;
            } else if (!(statement instanceof PyStatement.ExprStatement(PyExpr.Str doc, int line, String text))) {
                throw TemplateNotConvertible.at(statement, "VerificationStrategy holds more than verify_strategy = ...");
            }
        }
        if (root == null) {
            throw TemplateNotConvertible.at(strategy, "VerificationStrategy without verify_strategy");
        }
        String kind = root.functionName();
        if (!(root.keywords().get("conditions") instanceof PyExpr.ListLit(List<PyExpr> conditions))) {
            throw TemplateNotConvertible.at(strategy, kind + "() without a conditions=[...] list");
        }
        Set<String> named = new LinkedHashSet<>();
        for (PyExpr condition : conditions) {
            if (!(condition instanceof PyExpr.Call check) || !check.functionName().equals("FieldCheck")
                    || !(check.keywords().get("field") instanceof PyExpr.Str(String field))) {
                throw TemplateNotConvertible.at(strategy, "a nested or non-field condition in " + kind + "() (Assay composes fields only, flat)");
            }
            named.add(field);
        }
        Set<String> all = new LinkedHashSet<>(fields);
        all.addAll(rawResponseFields);
        if (kind.equals("AllOf") && named.equals(all)) {
            return null;
        }
        if (!rawResponseFields.isEmpty()) {
            throw TemplateNotConvertible.at(strategy, kind + "() with raw-response fields " + rawResponseFields
                    + ": Assay's regex checks must always pass, whatever the composition");
        }
        if (!named.equals(fields)) {
            throw TemplateNotConvertible.at(strategy, kind + "() over " + named + " rather than over all the fields " + all);
        }
        return switch (kind) {
            case "AnyOf" -> TextNode.valueOf(Composition.ANY_OF);
            case "AtLeastN" -> {
                if (!(root.keywords().get("n") instanceof PyExpr.Int(BigInteger n))) {
                    throw TemplateNotConvertible.at(strategy, "AtLeastN() without a whole n");
                }
                yield JsonNodeFactory.instance.objectNode().put(Composition.AT_LEAST_N, n.intValue());
            }
            default -> throw TemplateNotConvertible.at(strategy, "the strategy " + kind + "() has no Assay composition");
        };
    }
}
