package dev.assay.stage.rubric.trait;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.benchmark.Question;
import dev.assay.common.benchmark.RubricTrait;
import dev.assay.common.json.Json;
import dev.assay.common.run.RunOutput;
import dev.assay.common.pipeline.TraitScore;
import dev.assay.stage.rubric.evaluation.TraitInput;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Expression traits are scored locally: the judge session is null throughout, so any judge call would fail. */
class ExpressionTraitEvaluatorTest {

    private static final Map<String, String> GRADES = orderedClasses("poor", "too short", "fair", "some detail", "good", "detailed");

    private final ExpressionTraitEvaluator evaluator = new ExpressionTraitEvaluator();

    private static Map<String, String> orderedClasses(String... namesAndDescriptions) {
        Map<String, String> classes = new LinkedHashMap<>();
        for (int i = 0; i < namesAndDescriptions.length; i += 2) {
            classes.put(namesAndDescriptions[i], namesAndDescriptions[i + 1]);
        }
        return classes;
    }

    private static TraitInput input(String response, String parsedJson, Map<String, String> params) {
        Question question = new Question("q1", "What is {a} + {b}?", null, null, null, null, null, null, params, null, null, null, null);
        JsonNode parsed = parsedJson == null ? null : Json.read(parsedJson, JsonNode.class);
        return new TraitInput(question, response, parsed, null);
    }

    private static TraitInput input(String response) {
        return input(response, null, Map.of());
    }

    private static RubricTrait bool(String expression) {
        return RubricTrait.expressionTrait("t", expression, null, null, null, null);
    }

    private static RubricTrait score(String expression, Integer min, Integer max) {
        return RubricTrait.expressionTrait("t", expression, RubricTrait.SCORE, min, max, null);
    }

    private static RubricTrait literal(String expression) {
        return RubricTrait.expressionTrait("t", expression, RubricTrait.LITERAL, null, null, GRADES);
    }

    private static TraitScore scoreOne(RubricTrait trait, TraitInput input) {
        return ExpressionTraitEvaluator.score(trait, input);
    }

    @Test
    void theArithmeticExampleReadsParametersAsVariables() {
        Map<String, String> params = Map.of("a", "2", "b", "3");
        // strip() is Python, not CEL: the trait fails to compile, and says so
        RubricTrait python = bool("int(response.strip()) == int(a) + int(b)");
        assertThat(scoreOne(python, input("5", null, params)).error()).startsWith("the expression does not compile: unknown function 'strip'");
        // trim() comes with the strings extension
        assertThat(scoreOne(bool("int(response.trim()) == int(a) + int(b)"), input(" 5\n", null, params)).passed()).isTrue();

        RubricTrait exact = bool("int(response) == int(a) + int(b)");
        assertThat(scoreOne(exact, input("5", null, params))).isEqualTo(TraitScore.verdict("t", "expression", true));
        assertThat(scoreOne(exact, input("6", null, params))).isEqualTo(TraitScore.verdict("t", "expression", false));
        assertThat(scoreOne(bool("int(response) == int(params.a) + int(params['b'])"), input("5", null, params)).passed()).isTrue();
    }

    @Test
    void generationVariablesAndMultiRunOutputsAreReadable() {
        Question question = new Question("q1", "label", null, null, null, null);
        TraitInput input = new TraitInput(question, "42", null, null, Map.of("number", "21", "answer", "42"), List.of(
                new RunOutput("guess", 1, "7", Map.of("response", "7")),
                new RunOutput("guess", 2, "7", Map.of("response", "7")),
                new RunOutput("pair", 1, "42", Map.of("one", "21", "answer", "42"))));

        assertThat(scoreOne(bool("variables.answer == '42'"), input).passed()).isTrue();
        assertThat(scoreOne(bool("int(variables.answer) == 2 * int(variables['number'])"), input).passed()).isTrue();
        assertThat(scoreOne(bool("size(outputs) == 3"), input).passed()).isTrue();
        assertThat(scoreOne(bool("outputs.filter(o, o.name == 'guess').all(o, o.response == '7')"), input).passed()).isTrue();
        assertThat(scoreOne(bool("outputs[1].repetition == 2 && outputs[2].variables.one == '21'"), input).passed()).isTrue();
        assertThat(scoreOne(score("size(outputs.filter(o, o.response == '7'))", 0, 3), input).score()).isEqualTo(2.0);
    }

    @Test
    void aPlainQuestionHasNoVariablesAndNoOutputs() {
        assertThat(scoreOne(bool("size(variables) == 0 && size(outputs) == 0"), input("x")).passed()).isTrue();
        assertThat(scoreOne(bool("variables.answer == '42'"), input("x")).error()).startsWith("evaluation failed:");
    }

    @Test
    void booleanResultsAreVerdicts() {
        assertThat(scoreOne(bool("response.contains('Paris')"), input("It is Paris.")).passed()).isTrue();
        assertThat(scoreOne(bool("response.matches('^[A-Z]')"), input("lower case")).passed()).isFalse();
        assertThat(scoreOne(bool("size(response) < 10"), input("short")))
                .isEqualTo(TraitScore.verdict("t", RubricTrait.EXPRESSION, true));
    }

    @Test
    void parsedTemplateFieldsAreAMapAndEmptyWithoutParsing() {
        String parsed = """
                {"dose": 200, "unit": "mg", "ratio": 0.25, "drugs": ["aspirin", "ibuprofen"], "note": null,
                 "schedule": {"times_per_day": 2}}""";
        TraitInput withFields = input("Take 200 mg.", parsed, Map.of());
        assertThat(scoreOne(bool("parsed.dose == 200 && parsed.unit == 'mg'"), withFields).passed()).isTrue();
        assertThat(scoreOne(bool("parsed.drugs.all(d, response.contains(d))"), withFields).passed()).isFalse();
        assertThat(scoreOne(bool("parsed.schedule.times_per_day * parsed.dose <= 400 && parsed.note == null"), withFields).passed())
                .isTrue();
        assertThat(scoreOne(score("parsed.ratio * 4.0", 0, 1), withFields).score()).isEqualTo(1.0);

        // rubric_only: nothing parsed, parsed is an empty map
        assertThat(scoreOne(bool("size(parsed) == 0 && !has(parsed.dose)"), input("Take 200 mg.")).passed()).isTrue();
        assertThat(scoreOne(bool("parsed.dose == 200"), input("Take 200 mg.")).error())
                .isEqualTo("evaluation failed: attribute not found at line 1, column 7: key 'dose' is not present in map.");
    }

    @Test
    void scoreResultsAreNumbersWithinTheRange() {
        assertThat(scoreOne(score("size(response) > 10 ? 5 : 2", null, null), input("a long enough answer")))
                .isEqualTo(TraitScore.scored("t", RubricTrait.EXPRESSION, 5.0));
        assertThat(scoreOne(score("double(size(response)) / 4.0", 0, 10), input("abcdefghij")).score()).isEqualTo(2.5);
        assertThat(scoreOne(score("size(response)", 1, 5), input("one")).score()).isEqualTo(3.0);

        assertThat(scoreOne(score("size(response)", 1, 5), input("too long")))
                .isEqualTo(TraitScore.failed("t", RubricTrait.EXPRESSION, "the expression yielded 8, outside the score range 1 to 5"));
        assertThat(scoreOne(score("0.5", null, null), input("x")).error())
                .isEqualTo("the expression yielded 0.5, outside the score range 1 to 5");
        assertThat(scoreOne(score("1.0 / 0.0", 0, 10), input("x")).error())
                .isEqualTo("the expression yielded Infinity, outside the score range 0 to 10");
    }

    @Test
    void literalResultsAreOneOfTheClassesWithItsIndex() {
        String grade = "size(response) < 10 ? 'poor' : size(response) < 40 ? 'fair' : 'good'";
        assertThat(scoreOne(literal(grade), input("short"))).isEqualTo(TraitScore.labelled("t", RubricTrait.EXPRESSION, "poor", 0));
        assertThat(scoreOne(literal(grade), input("somewhat longer text"))).isEqualTo(TraitScore.labelled("t", RubricTrait.EXPRESSION, "fair", 1));
        assertThat(scoreOne(literal(grade), input("x".repeat(50))).score()).isEqualTo(2.0);

        assertThat(scoreOne(literal("'excellent'"), input("x")).error())
                .isEqualTo("the expression yielded \"excellent\", which is not one of the classes: poor, fair, good");
    }

    @Test
    void aValueOfTheWrongTypeIsTheTraitsError() {
        assertThat(scoreOne(bool("parsed.dose"), input("x", "{\"dose\": 200}", Map.of())).error())
                .isEqualTo("the expression yielded an int (200), but result: boolean needs true or false");
        assertThat(scoreOne(bool("parsed.note"), input("x", "{\"note\": null}", Map.of())).error())
                .isEqualTo("the expression yielded null, but result: boolean needs true or false");
        assertThat(scoreOne(score("parsed.unit", null, null), input("x", "{\"unit\": \"mg\"}", Map.of())).error())
                .isEqualTo("the expression yielded a string \"mg\", but result: score needs a number");
        assertThat(scoreOne(literal("parsed.grade"), input("x", "{\"grade\": 2}", Map.of())).error())
                .isEqualTo("the expression yielded an int (2), but result: literal needs a class name (poor, fair, good)");
        assertThat(scoreOne(bool("parsed.list"), input("x", "{\"list\": [1, 2]}", Map.of())).error())
                .isEqualTo("the expression yielded a list of 2, but result: boolean needs true or false");
    }

    @Test
    void runtimeErrorsAndLimitsAreTraitErrorsNotExceptions() {
        assertThat(scoreOne(bool("int(response) > 3"), input("abc")))
                .isEqualTo(TraitScore.failed("t", RubricTrait.EXPRESSION,
                        "evaluation failed: bad format at line 1, column 4: For input string: \"abc\""));
        String hundred = "[" + "0,".repeat(99) + "0]";
        assertThat(scoreOne(bool(hundred + ".all(x, " + hundred + ".all(y, " + hundred + ".all(z, x == y)))"), input("x")).error())
                .startsWith("evaluation failed: stopped at line 1, column ")
                .endsWith(" after 10000 comprehension iterations (all, exists, exists_one, map, filter), the limit for one evaluation");
        assertThat(scoreOne(bool("int(a) > 0"), input("x")).error()).isEqualTo("the expression does not compile: "
                + "undeclared reference to 'a' at line 1, column 5 (known variables: response, parsed, params, variables, outputs)");
        assertThat(scoreOne(bool(null), input("x")).error()).isEqualTo("the trait has no expression");
    }

    @Test
    void everyTraitGetsItsScoreInOrderAndOneFailureLeavesTheOthers() {
        List<RubricTrait> traits = List.of(
                RubricTrait.expressionTrait("mentions_paris", "response.contains('Paris')", null, null, null, null),
                RubricTrait.expressionTrait("broken", "int(response) > 0", null, null, null, null),
                RubricTrait.expressionTrait("length", "size(response) > 5 ? 4 : 1", RubricTrait.SCORE, null, null, null));

        List<TraitScore> scores = new TraitEvaluators(List.of(evaluator)).score(traits, input("Paris, France"), null);

        assertThat(scores).extracting(TraitScore::name).containsExactly("mentions_paris", "broken", "length");
        assertThat(scores.get(0).passed()).isTrue();
        assertThat(scores.get(1).error()).startsWith("evaluation failed: bad format");
        assertThat(scores.get(2).score()).isEqualTo(4.0);
    }
}
