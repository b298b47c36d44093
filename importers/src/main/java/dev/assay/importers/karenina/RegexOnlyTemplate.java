package dev.assay.importers.karenina;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.benchmark.RubricTrait;
import dev.assay.importers.karenina.python.PyStatement;
import dev.assay.importers.lve.PythonFindall;
import dev.assay.importers.python.PyExpr;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;

/**
 * A template made only of checks on the raw response: no fields, {@code self.regex = {name:
 * {"pattern", "expected", "match_type"}}} set in {@code model_post_init} (or {@code ground_truth()}),
 * and a {@code verify()} that is absent or returns {@code True}. Karenina runs no judge for it and
 * passes it when every check passes; each check becomes an expression trait that asks the same of
 * {@code re.findall(pattern, response)}:
 * {@code exact} (one match, equal to expected), {@code contains} (expected among the matches),
 * {@code count} (that many matches), {@code all} (every expected item among the matches).
 * Assay templates need a field, so these are traits, scored pass/fail each.
 */
final class RegexOnlyTemplate {

    private static final String REGEX = "regex";

    private RegexOnlyTemplate() {
    }

    /** Whether the class is this shape; then {@link #convert} reads it (or says why not). */
    static boolean applies(AnswerClass answer) {
        if (!answer.fields().isEmpty() || answer.strategy() != null) {
            return false;
        }
        PyStatement.FunctionDef setup = setup(answer);
        return setup != null && setup.body().stream().anyMatch(statement -> statement instanceof PyStatement.Assign(
                PyExpr target, PyExpr value, int line, String text) && REGEX.equals(ComparedSide.selfAttribute(target)));
    }

    static TemplateReading convert(AnswerClass answer) {
        for (PyStatement.FunctionDef method : answer.methods().values()) {
            switch (method.name()) {
                case "model_post_init", "ground_truth" -> {
                }
                case "verify" -> {
                    List<PyStatement> body = method.body().stream()
                            .filter(statement -> !(statement instanceof PyStatement.ExprStatement(PyExpr.Str doc, int line, String text)))
                            .toList();
                    if (!(body.size() == 1 && body.getFirst() instanceof PyStatement.Return(PyExpr.Bool(boolean flag), int line, String text)
                            && flag)) {
                        throw TemplateNotConvertible.at(method, "verify() of a template without fields does more than return True");
                    }
                }
                default -> throw TemplateNotConvertible.at(method, "method " + method.name() + "() next to raw-response checks");
            }
        }
        PyStatement.FunctionDef setup = setup(answer);
        PyExpr.DictLit checks = null;
        PyStatement where = setup;
        for (PyStatement statement : setup.body()) {
            switch (statement) {
                case PyStatement.ExprStatement(PyExpr.Str doc, int line, String text) -> {
                }
                case PyStatement.ExprStatement(PyExpr expr, int line, String text) when isSuperCall(expr) -> {
                }
                case PyStatement.Assign(PyExpr target, PyExpr.DictLit value, int line, String text)
                        when REGEX.equals(ComparedSide.selfAttribute(target)) -> {
                    if (checks != null) {
                        throw TemplateNotConvertible.at(statement, setup.name() + "() sets self.regex twice");
                    }
                    checks = value;
                    where = statement;
                }
                default -> throw TemplateNotConvertible.at(statement, setup.name() + "() does more than set self.regex to a dict literal");
            }
        }
        if (checks == null) {
            throw TemplateNotConvertible.at(setup, "self.regex is not a dict literal");
        }
        List<RubricTrait> traits = traits(checks, where);
        return TemplateReading.traits(traits, List.of("template: its raw-response checks (self.regex) became "
                + describe(traits) + ", scored each on its own; an Assay template needs a field"));
    }

    /**
     * The expression traits of {@code self.regex = {...}}, one per check, named like it; also for a
     * template whose fields are checked by verify() next to them ({@link GeneratedTemplate}).
     */
    static List<RubricTrait> traits(PyExpr.DictLit checks, PyStatement where) {
        if (checks.keys().isEmpty()) {
            throw TemplateNotConvertible.at(where, "self.regex is empty: nothing is checked");
        }
        List<RubricTrait> traits = new ArrayList<>();
        for (int i = 0; i < checks.keys().size(); i++) {
            if (!(checks.keys().get(i) instanceof PyExpr.Str(String name))) {
                throw TemplateNotConvertible.at(where, "self.regex has a key that is not text");
            }
            traits.add(trait(name, checks.values().get(i), where));
        }
        return traits;
    }

    /** "2 expression traits (dose, cites)". */
    static String describe(List<RubricTrait> traits) {
        return traits.size() + " expression trait" + (traits.size() == 1 ? "" : "s") + " ("
                + traits.stream().map(RubricTrait::name).collect(Collectors.joining(", ")) + ")";
    }

    private static RubricTrait trait(String name, PyExpr spec, PyStatement where) {
        String label = "self.regex[\"" + name + "\"]";
        JsonNode value = PythonValues.value(spec).orElseThrow(() -> TemplateNotConvertible.at(where, label + " is not a plain dict"));
        if (!value.isObject() || !value.path("pattern").isTextual()) {
            throw TemplateNotConvertible.at(where, label + " has no pattern text");
        }
        for (var field : (Iterable<String>) value::fieldNames) {
            if (!List.of("pattern", "expected", "match_type").contains(field)) {
                throw TemplateNotConvertible.at(where, label + " has \"" + field + "\", which Karenina's check does not read");
            }
        }
        String matches;
        try {
            matches = PythonFindall.expression(value.get("pattern").asText());
        } catch (IllegalArgumentException e) {
            throw TemplateNotConvertible.at(where, label + ": " + e.getMessage());
        }
        String matchType = value.path("match_type").isTextual() ? value.get("match_type").asText() : "exact";
        JsonNode expected = value.get("expected");
        String expression = switch (matchType) {
            case "exact" -> matches + " == [" + text(expected, label, where) + "]";
            case "contains" -> text(expected, label, where) + " in " + matches;
            case "count" -> {
                if (expected == null || !expected.isIntegralNumber()) {
                    throw TemplateNotConvertible.at(where, label + ": match_type count needs a whole number as expected, "
                            + "so it can never pass");
                }
                yield "size(" + matches + ") == " + expected.bigIntegerValue();
            }
            case "all" -> {
                if (expected == null || !expected.isArray()) {
                    throw TemplateNotConvertible.at(where, label + ": match_type all needs a list as expected, so it can never pass");
                }
                String items = StreamSupport.stream(expected.spliterator(), false).map(item -> text(item, label, where))
                        .collect(Collectors.joining(", "));
                yield "[" + items + "].all(item, item in " + matches + ")";
            }
            default -> throw TemplateNotConvertible.at(where, label + ": unknown match_type \"" + matchType
                    + "\" (Karenina's are exact, contains, count, all), so it can never pass");
        };
        return RubricTrait.expressionTrait(name, expression, null, null, null, null);
    }

    /** Matches are texts: anything else as expected is never among them. */
    private static String text(JsonNode expected, String label, PyStatement where) {
        if (expected == null || !expected.isTextual()) {
            throw TemplateNotConvertible.at(where, label + ": expected " + (expected == null ? "is missing" : expected + " is not text")
                    + ", and the matches are texts, so it can never pass");
        }
        return PythonFindall.string(expected.asText());
    }

    private static PyStatement.FunctionDef setup(AnswerClass answer) {
        PyStatement.FunctionDef postInit = answer.methods().get("model_post_init");
        return postInit != null ? postInit : answer.methods().get("ground_truth");
    }

    private static boolean isSuperCall(PyExpr expr) {
        return expr instanceof PyExpr.Call call && call.function() instanceof PyExpr.Attribute(PyExpr target, String name)
                && target instanceof PyExpr.Call inner && inner.functionName().equals("super");
    }
}
