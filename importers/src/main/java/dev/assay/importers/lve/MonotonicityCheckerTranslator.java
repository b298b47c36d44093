package dev.assay.importers.lve;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.benchmark.RubricTrait;
import dev.assay.common.benchmark.trait.ExpressionException;
import dev.assay.common.benchmark.trait.TraitExpressions;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * {@code MonotonicityChecker} (lve-tools also ships it misspelt, {@code MonotoncityChecker}):
 * the answers of a multi-variable prompt must rise (or fall) with the prompt parameters they
 * belong to. Each assistant turn and each parameter gets an identifier (group 1 of a regex on
 * its name: {@code answer3} and {@code year3} pair on {@code 3}); the answers' numbers (group 1
 * of {@code answer_value_regex}) are compared in the order of the parameters' values.
 *
 * <p>The pairing and the order are known at import, so the expression compares the right answers
 * directly: it takes the number out of every assistant turn, gives false when one has none (LVE's
 * checker calls that a malformed response and returns False), then compares neighbours:
 * <pre>{@code
 * [[variables.answer1, variables.answer2].map(s, regex.extract(s, r'…').orValue(''))]
 *     .all(v, v.all(x, x.matches(r'<number>')) && double(v[1]) <= double(v[0]))
 * }</pre>
 */
final class MonotonicityCheckerTranslator implements CheckerTranslator {

    private static final String DEFAULT_REGEX = "([0-9]+)";
    /** The numbers the expression converts as Python's float() would (inf, nan and 1_000 count as malformed). */
    private static final String NUMBER = "^\\s*[+-]?([0-9]+\\.?[0-9]*|\\.[0-9]+)([eE][+-]?[0-9]+)?\\s*$";
    /** numpy's argsort sorts this many values or fewer by insertion, which keeps ties in order. */
    private static final int STABLE_SORT_LIMIT = 16;

    @Override
    public Set<String> checkerNames() {
        return Set.of("MonotonicityChecker", "MonotoncityChecker");
    }

    @Override
    public RubricTrait translate(CheckerContext context) {
        context.requireMultiRun(false);
        context.acceptOnly(Set.of("answer_value_regex", "answer_variable_identifier_regex", "param_variable_identifier_regex",
                "order", "strict"));
        String valueRegex = context.formattedOr("answer_value_regex", DEFAULT_REGEX);
        String answerIdRegex = context.formattedOr("answer_variable_identifier_regex", DEFAULT_REGEX);
        String paramIdRegex = context.formattedOr("param_variable_identifier_regex", DEFAULT_REGEX);
        String order = context.formattedOr("order", "asc");
        if (!order.equals("asc") && !order.equals("desc")) {
            throw new Untranslatable("order is '" + order + "' (LVE asserts asc or desc)");
        }
        boolean strict = context.arg("strict").map(value -> value.isTextual() ? !context.formatted("strict").isEmpty()
                : PythonValues.truthy(value)).orElse(false);
        String re2Value = PythonRegex.toRe2FirstGroup(valueRegex);
        checkRe2(re2Value);

        List<AssayPrompt.AssistantTurn> turns = context.prompt().conversations().get(0).turns();
        Map<String, Integer> turnByIdentifier = turnsByIdentifier(turns, answerIdRegex);
        List<Integer> ordered = orderedTurns(context.paramValues(), paramIdRegex, turnByIdentifier);

        Set<String> taken = context.celNames();
        String text = free("s", taken);
        String numbers = free("v", taken);
        String number = free("x", taken);
        String answers = turns.stream().map(MonotonicityCheckerTranslator::answer).collect(Collectors.joining(", ", "[", "]"))
                + ".map(" + text + ", regex.extract(" + text + ", " + CelText.pattern(re2Value) + ").orValue(''))";
        StringBuilder condition = new StringBuilder(numbers + ".all(" + number + ", " + number + ".matches("
                + CelText.pattern(NUMBER) + "))");
        String comparison = order.equals("asc") ? (strict ? " > " : " >= ") : (strict ? " < " : " <= ");
        for (int i = 1; i < ordered.size(); i++) {
            condition.append(" && double(").append(numbers).append('[').append(ordered.get(i)).append("])").append(comparison)
                    .append("double(").append(numbers).append('[').append(ordered.get(i - 1)).append("])");
        }
        String description = "LVE MonotonicityChecker: the numbers " + PythonRegex.quoted(valueRegex) + " finds in the answers "
                + (order.equals("asc") ? "rise" : "fall") + (strict ? " strictly" : "") + " in this order: "
                + ordered.stream().map(i -> turns.get(i).lveName()).collect(Collectors.joining(", "));
        return CheckerTraits.expression(description, "[" + answers + "].all(" + numbers + ", " + condition + ")");
    }

    /** A turn's text in the expression: the model's answer, or a fixed message's content. */
    private static String answer(AssayPrompt.AssistantTurn turn) {
        if (!turn.filled()) {
            return CelText.string(turn.content());
        }
        return CelText.isIdentifier(turn.variable()) ? "variables." + turn.variable() : "variables[" + CelText.string(turn.variable()) + "]";
    }

    private static String free(String name, Set<String> taken) {
        String candidate = name;
        while (taken.contains(candidate)) {
            candidate += "_";
        }
        return candidate;
    }

    /** Turn positions by identifier; as in LVE's dict, a later turn with the same identifier replaces an earlier one. */
    private static Map<String, Integer> turnsByIdentifier(List<AssayPrompt.AssistantTurn> turns, String idRegex) {
        Pattern identifier = PythonRegex.compileForSearch(idRegex);
        Map<String, Integer> positions = new LinkedHashMap<>();
        for (int i = 0; i < turns.size(); i++) {
            String id = group1(identifier, turns.get(i).lveName());
            if (id == null) {
                throw new Untranslatable("the answer variable '" + turns.get(i).lveName() + "' has no identifier "
                        + PythonRegex.quoted(idRegex) + " finds, so LVE's checker calls every response malformed");
            }
            positions.put(id, i);
        }
        return positions;
    }

    /** The turns paired with the parameters, in the order of the parameters' values (ties keep the parameters' order). */
    private static List<Integer> orderedTurns(Map<String, JsonNode> params, String idRegex, Map<String, Integer> turns) {
        Pattern identifier = PythonRegex.compileForSearch(idRegex);
        Map<String, Double> values = new LinkedHashMap<>(); // by identifier; a later parameter with the same one replaces the value
        Map<String, String> names = new LinkedHashMap<>();
        params.forEach((name, value) -> {
            String id = group1(identifier, name);
            if (id == null) {
                throw new Untranslatable("prompt parameter " + name + " has no identifier " + PythonRegex.quoted(idRegex)
                        + " finds (LVE's checker raises)");
            }
            OptionalDouble number = PythonValues.toFloat(value);
            if (number.isEmpty() || Double.isNaN(number.getAsDouble())) {
                throw new Untranslatable("prompt parameter " + name + " = " + PythonValues.repr(value) + " is not a number "
                        + "(LVE's checker raises)");
            }
            values.put(id, number.getAsDouble());
            names.putIfAbsent(id, name);
        });
        List<String> ids = new ArrayList<>(values.keySet());
        if (ids.size() > STABLE_SORT_LIMIT && values.values().stream().distinct().count() < ids.size()) {
            throw new Untranslatable("more than " + STABLE_SORT_LIMIT + " parameters with equal values: numpy's argsort "
                    + "may order them either way");
        }
        return IntStream.range(0, ids.size()).boxed()
                .sorted(Comparator.comparing((Integer i) -> values.get(ids.get(i))).thenComparing(i -> i))
                .map(i -> {
                    Integer turn = turns.get(ids.get(i));
                    if (turn == null) {
                        throw new Untranslatable("no answer variable has the identifier '" + ids.get(i) + "' of prompt parameter "
                                + names.get(ids.get(i)) + " (LVE's checker raises KeyError)");
                    }
                    return turn;
                })
                .toList();
    }

    /** Group 1 of the first match, as Python's {@code re.search(regex, text).group(1)}; null where that fails or is None. */
    private static String group1(Pattern pattern, String text) {
        Matcher matcher = pattern.matcher(text);
        return matcher.find() && matcher.groupCount() >= 1 ? matcher.group(1) : null;
    }

    /** RE2 is stricter than Python about some syntax: a pattern it rejects is refused now, not at every evaluation. */
    private static void checkRe2(String re2) {
        try {
            TraitExpressions.compile("regex.extract('', " + CelText.pattern(re2) + ").hasValue()", Set.of())
                    .evaluate("", null, Map.of());
        } catch (ExpressionException e) {
            throw new Untranslatable("the answer pattern has no RE2 form (" + e.getMessage() + ")");
        }
    }
}
