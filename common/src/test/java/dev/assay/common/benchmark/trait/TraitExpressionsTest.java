package dev.assay.common.benchmark.trait;

import dev.assay.common.benchmark.TraitScope;
import dev.assay.common.benchmark.Benchmark;
import dev.assay.common.benchmark.RubricTrait;
import dev.assay.common.validation.Problems;
import dev.assay.common.validation.SpecReader;
import dev.assay.common.validation.ValidationError;
import dev.assay.common.validation.ValidationException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

class TraitExpressionsTest {

    private static final TraitScope A_AND_B = TraitScope.of(Set.of("a", "b"));
    private static final TraitScope ONLY_A = TraitScope.of(Set.of("a"));

    /** A list literal of n numbers: CEL has no range(), so this is how an expression gets something to iterate. */
    private static String numbers(int n) {
        return IntStream.range(0, n).mapToObj(Integer::toString).collect(Collectors.joining(",", "[", "]"));
    }

    private static Object evaluate(String expression, String response, Map<String, ?> parsed, Map<String, String> params) {
        return TraitExpressions.compile(expression, params.keySet()).evaluate(response, parsed, params);
    }

    // --- checking -----------------------------------------------------------------------------

    @Test
    void anExpressionOverDeclaredParametersCompiles() {
        assertThat(TraitExpressions.check("int(response) == int(a) + int(b)", A_AND_B)).isEmpty();
        assertThat(TraitExpressions.check("params.a == a && size(parsed) > 0", A_AND_B)).isEmpty();
    }

    @Test
    void anUndeclaredVariableIsNamedWithItsPlaceAndTheKnownVariables() {
        assertThat(TraitExpressions.check("int(response) == int(a) + int(b)", ONLY_A)).contains(
                "undeclared reference to 'b' at line 1, column 31 (known variables: response, parsed, params, variables, outputs, a)");
        assertThat(TraitExpressions.check("respones.size() > 3", TraitScope.of(Set.of()))).contains(
                "undeclared reference to 'respones' at line 1, column 1 (known variables: response, parsed, params, variables, outputs)");
    }

    @Test
    void theErrorCarriesTheTraitsPathInTheBenchmark() {
        ValidationException error = catchThrowableOfType(ValidationException.class, () -> SpecReader.read("""
                questions:
                  - question: What is 2 + 3?
                    prompt_parameters: {a: "2"}
                    rubric:
                      traits:
                        - {name: has_digits, kind: regex, pattern: '\\d'}
                        - {name: sum_right, kind: expression, expression: 'int(response) == int(a) + int(b)'}
                """, Benchmark.class));
        assertThat(error.errors()).extracting(ValidationError::toString).containsExactly(
                "questions[0].rubric.traits[1].expression: undeclared reference to 'b' at line 1, column 31 "
                        + "(known variables: response, parsed, params, variables, outputs, a)");
    }

    @Test
    void withoutAQuestionSyntaxIsCheckedAndUnknownNamesAreTakenForParameters() {
        assertThat(TraitExpressions.check("int(response) == int(a) + int(b)", TraitScope.UNKNOWN)).isEmpty();
        assertThat(TraitExpressions.check("response ==", TraitScope.UNKNOWN)).hasValueSatisfying(message ->
                assertThat(message).startsWith("syntax error at line 1, column 12: mismatched input '<EOF>' expecting"));
        assertThat(TraitExpressions.check("response.size() >\n  3 3", TraitScope.UNKNOWN)).hasValueSatisfying(message ->
                assertThat(message).startsWith("syntax error at line 2, column 5: "));
        // what does not depend on the question is still found
        assertThat(TraitExpressions.check("size(response) > '3'", TraitScope.UNKNOWN)).hasValueSatisfying(message ->
                assertThat(message).startsWith("found no matching overload for '_>_' applied to '(int, string)'"));

        Problems problems = new Problems();
        RubricTrait.expressionTrait("t", "response.startsWith(", null, null, null, null).validate("global_rubric.traits[0]", problems);
        assertThat(problems.errors()).singleElement().satisfies(error -> {
            assertThat(error.path()).isEqualTo("global_rubric.traits[0].expression");
            assertThat(error.message()).startsWith("syntax error at line 1, column 21: ");
        });
    }

    @Test
    void theTypeMustFitTheResult() {
        assertThat(TraitExpressions.check("size(response)", A_AND_B, RubricTrait.BOOLEAN))
                .contains("has type int, but result: boolean needs a bool (true or false)");
        assertThat(TraitExpressions.check("response == a", A_AND_B, RubricTrait.SCORE))
                .contains("has type bool, but result: score needs a number (int or double)");
        assertThat(TraitExpressions.check("size(response)", A_AND_B, RubricTrait.LITERAL))
                .contains("has type int, but result: literal needs a string naming one of the classes");
        assertThat(TraitExpressions.check("double(size(response)) / 10.0", A_AND_B, RubricTrait.SCORE)).isEmpty();
        // a parsed field's type is only known when the expression runs
        assertThat(TraitExpressions.check("parsed.verdict", A_AND_B, RubricTrait.BOOLEAN)).isEmpty();

        Problems problems = new Problems();
        RubricTrait.expressionTrait("t", "size(response)", RubricTrait.LITERAL, null, null,
                        Map.of("short", "under 100 characters", "long", "100 or more"))
                .validate("traits[0]", A_AND_B, problems);
        assertThat(problems.errors()).extracting(ValidationError::toString)
                .containsExactly("traits[0].expression: has type int, but result: literal needs a string naming one of the classes");
    }

    // --- evaluating ---------------------------------------------------------------------------

    @Test
    void theStringRegexAndOptionalExtensionsAreThere() {
        // what imported LVE checkers translate to: a number taken out of prose, trimmed and lowered text
        assertThat(evaluate("double(regex.extract(response, '([0-9]+)').orValue('-1')) >= 40.0", "about 42 apples", null,
                Map.of())).isEqualTo(true);
        assertThat(evaluate("regex.extract(response, '([0-9]+)').hasValue()", "no digits", null, Map.of())).isEqualTo(false);
        assertThat(evaluate("response.trim().lowerAscii() == 'yes'", "  YES \n", null, Map.of())).isEqualTo(true);
        assertThat(evaluate("regex.replace(response, '\\\\s+', ' ')", "a  b\tc", null, Map.of())).isEqualTo("a b c");
    }

    @Test
    void parametersAreVariablesOfTheirOwnAndInParams() {
        Map<String, String> params = Map.of("a", "2", "b", "3");
        assertThat(evaluate("int(response) == int(a) + int(b)", "5", null, params)).isEqualTo(true);
        assertThat(evaluate("int(response) == int(a) + int(b)", "6", null, params)).isEqualTo(false);
        assertThat(evaluate("params.a + params['b']", "", null, params)).isEqualTo("23");
    }

    @Test
    void parametersThatCannotBeVariablesAreOnlyInParams() {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("first-name", "Ada");
        params.put("response", "not the response");
        params.put("int", "7");
        params.put("in", "reserved");
        CompiledExpression compiled = TraitExpressions.compile("response + ' ' + params['first-name'] + params.response + params['int']",
                params.keySet());
        assertThat(compiled.variableNames()).containsExactly("response", "parsed", "params", "variables", "outputs");
        assertThat(compiled.evaluate("hi", null, params)).isEqualTo("hi Adanot the response7");
        // int stays the type and the conversion
        assertThat(evaluate("type(int(params['int'])) == int", "", null, params)).isEqualTo(true);
    }

    @Test
    void parsedFieldsArePlainValuesWithWholeNumbersAsInts() {
        Map<String, Object> parsed = new LinkedHashMap<>();
        parsed.put("count", 4);               // Integer, as Jackson reads small numbers
        parsed.put("ratio", 0.5);
        parsed.put("names", List.of("ada", "grace"));
        parsed.put("dose", Map.of("amount", 200, "unit", "mg"));
        parsed.put("missing", null);
        Map<String, String> none = Map.of();

        assertThat(evaluate("parsed.count * 2", "", parsed, none)).isEqualTo(8L);
        assertThat(evaluate("parsed.ratio < 1 && parsed.count > 3.5", "", parsed, none)).isEqualTo(true);
        assertThat(evaluate("parsed.names.exists(n, n == 'grace')", "", parsed, none)).isEqualTo(true);
        assertThat(evaluate("parsed.dose.amount == 200 && parsed.dose.unit == 'mg'", "", parsed, none)).isEqualTo(true);
        assertThat(evaluate("parsed.missing == null", "", parsed, none)).isEqualTo(true);
        assertThat(evaluate("has(parsed.other) || 'other' in parsed", "", parsed, none)).isEqualTo(false);
        assertThat(evaluate("size(parsed)", "", null, none)).isEqualTo(0L);
        assertThat(evaluate("parsed.missing", "", parsed, none)).isNull();
    }

    @Test
    void evaluationErrorsSayWhatAndWhere() {
        Map<String, String> none = Map.of();
        assertThatThrownBy(() -> evaluate("int(response) > 2", "abc", null, none))
                .isInstanceOf(ExpressionException.class)
                .hasMessage("bad format at line 1, column 4: For input string: \"abc\"");
        assertThatThrownBy(() -> evaluate("parsed.count > 2", "", Map.of(), none))
                .isInstanceOf(ExpressionException.class)
                .hasMessage("attribute not found at line 1, column 7: key 'count' is not present in map.");
        // CEL quotes the input it could not read; a long response is cut short
        assertThatThrownBy(() -> evaluate("int(response) > 2", "x".repeat(10_000), null, none))
                .isInstanceOf(ExpressionException.class)
                .hasMessage("bad format at line 1, column 4: For input string: \"" + "x".repeat(181) + "… (10020 characters)");
        assertThatThrownBy(() -> evaluate("10 / size(response)", "", null, none))
                .isInstanceOf(ExpressionException.class)
                .hasMessageStartingWith("divide by zero at line 1, column 4: ");
    }

    @Test
    void compilationsAreCachedByExpressionAndParameterNames() {
        CompiledExpression first = TraitExpressions.compile("int(a) > 0", Set.of("a", "x"));
        assertThat(TraitExpressions.compile("int(a) > 0", Set.of("x", "a"))).isSameAs(first);
        assertThat(TraitExpressions.compile("int(a) > 0", Set.of("a"))).isNotSameAs(first);
        assertThatThrownBy(() -> TraitExpressions.compile("int(a) > 0", Set.of()))
                .isInstanceOf(ExpressionException.class)
                .hasMessage("undeclared reference to 'a' at line 1, column 5 (known variables: response, parsed, params, variables, outputs)");
    }

    // --- sandbox ------------------------------------------------------------------------------

    @ParameterizedTest
    @ValueSource(strings = {
            "java.lang.Runtime.getRuntime().exec('rm -rf /')",
            "response.getClass().getName() == 'java.lang.String'",
            "readFile('/etc/passwd') != ''",
            "http.get('http://example.com').status == 200",
            "Class.forName('java.lang.System') != null",
            "System.exit(1)",
            "env('HOME') != ''",
            "exec('ls')",
    })
    void nothingOutsideCelsStandardLibraryCanBeReached(String expression) {
        // with the parameters known and with them assumed: the reach is the same
        for (TraitScope scope : List.of(A_AND_B, TraitScope.UNKNOWN)) {
            assertThat(TraitExpressions.check(expression, scope)).as(expression + " in " + scope).isPresent();
        }
        assertThatThrownBy(() -> TraitExpressions.compile(expression, Set.of()))
                .isInstanceOf(ExpressionException.class)
                .hasMessageMatching("(unknown function|undeclared reference|type '[a-z]+' does not support field selection).*");
    }

    @Test
    void callingAJavaMethodNamesTheUnknownFunction() {
        assertThat(TraitExpressions.check("response.getClass()", A_AND_B)).contains(
                "unknown function 'getClass' at line 1, column 18 (available: CEL's standard functions and macros, its strings, regex and optional extensions, and fuzzRatio)");
        assertThat(TraitExpressions.check("readFile('x')", TraitScope.UNKNOWN)).contains(
                "unknown function 'readFile' at line 1, column 9 (available: CEL's standard functions and macros, its strings, regex and optional extensions, and fuzzRatio)");
    }

    @Test
    void theMacrosAccumulatorCannotBeRead() {
        // reading the partial result is the one way to grow a value with every iteration
        assertThat(TraitExpressions.check("[1, 2].map(x, __result__)", A_AND_B)).hasValueSatisfying(message ->
                assertThat(message).startsWith("undeclared reference to '__result__'"));
        assertThat(TraitExpressions.check("[1, 2].map(x, @result)", A_AND_B)).hasValueSatisfying(message ->
                assertThat(message).startsWith("syntax error at line 1, column 15: token recognition error at: '@'"));
    }

    // --- limits -------------------------------------------------------------------------------

    @Test
    void nestedComprehensionsStopAtTheIterationLimit() {
        String hundred = numbers(100);
        long start = System.nanoTime();
        assertThatThrownBy(() -> evaluate(hundred + ".map(x, " + hundred + ".map(y, " + hundred + ".map(z, x + y + z))).size() > 0",
                "", null, Map.of()))
                .isInstanceOf(ExpressionException.class)
                .hasMessageStartingWith("stopped at line 1, column ")
                .hasMessageEndingWith(" after 10000 comprehension iterations (all, exists, exists_one, map, filter), "
                        + "the limit for one evaluation");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
    }

    @Test
    void buildingHugeTextStopsAtTheTextBudget() {
        String hundred = numbers(100);
        String ninety = numbers(90); // 100 + 100 * 90 iterations: under the iteration limit
        long start = System.nanoTime();
        assertThatThrownBy(() -> evaluate(hundred + ".map(x, " + ninety + ".map(y, response + response)).size() > 0",
                "x".repeat(10_000), null, Map.of()))
                .isInstanceOf(ExpressionException.class)
                .hasMessage("stopped after building 10000000 characters of text, the limit for one evaluation");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
    }

    @Test
    void aCostlyEvaluationStopsAtTheWorkLimit() {
        String hundred = numbers(100);
        String ninety = numbers(90);
        // 9,000 scans of a megabyte: well under the iteration limit, far over the work budget (each scan reads 1,000,000 characters)
        assertThatThrownBy(() -> evaluate(hundred + ".all(x, " + ninety + ".all(y, !response.matches('b+$')))",
                "a".repeat(1_000_000), null, Map.of()))
                .isInstanceOf(ExpressionException.class)
                .hasMessage("stopped after 20000000 units of work (one per step, plus the characters of text each function call "
                        + "was given), the limit for one evaluation");
    }

    @Test
    void aBusyMachineDoesNotStopAnOrdinaryEvaluation() {
        // A clock that moves 2 s at every reading: a machine so loaded that a 1 s wall-clock limit stopped this at once.
        // The verdict depends on the work done only, so it is the same as on an idle machine.
        AtomicLong now = new AtomicLong();
        LongSupplier slowClock = () -> now.addAndGet(Duration.ofSeconds(2).toNanos());
        CompiledExpression trivial = TraitExpressions.compile("response.contains('mg') && size(response) < 100", Set.of());
        CompiledExpression thousandSteps = TraitExpressions.compile(numbers(100) + ".all(x, " + numbers(10)
                + ".all(y, response.contains('mg')))", Set.of());

        assertThat(trivial.evaluate("5 mg", null, Map.of(), Map.of(), List.of(), slowClock)).isEqualTo(true);
        assertThat(thousandSteps.evaluate("5 mg", null, Map.of(), Map.of(), List.of(), slowClock)).isEqualTo(true);
    }

    @Test
    void theWallClockIsOnlyABackstopFarAboveTheWorkLimit() {
        // a clock that moves a minute and more at every reading: the backstop (60 s) ends what the work budget would not
        AtomicLong now = new AtomicLong();
        LongSupplier stalledMachine = () -> now.addAndGet(Duration.ofSeconds(61).toNanos());
        CompiledExpression thousandSteps = TraitExpressions.compile(numbers(100) + ".all(x, " + numbers(10)
                + ".all(y, response.contains('mg')))", Set.of());

        assertThatThrownBy(() -> thousandSteps.evaluate("5 mg", null, Map.of(), Map.of(), List.of(), stalledMachine))
                .isInstanceOf(ExpressionException.class)
                .hasMessage("stopped after 60 s, the time limit for one evaluation");
    }

    @Test
    void oversizedExpressionsDoNotCompile() {
        assertThat(TraitExpressions.check("response == '" + "x".repeat(5_000) + "'", TraitScope.UNKNOWN))
                .hasValueSatisfying(message -> assertThat(message).contains("4000"));
        assertThat(TraitExpressions.check("(".repeat(100) + "1" + ")".repeat(100) + " == 1", TraitScope.UNKNOWN))
                .hasValueSatisfying(message -> assertThat(message).contains("recursion limit exceeded").contains("64"));
        assertThat(TraitExpressions.check("size([" + "1,".repeat(1_200) + "1]) > 0", TraitScope.UNKNOWN))
                .hasValueSatisfying(message -> assertThat(message).contains("1000"));
        // the ordinary sizes are far inside
        String longButFine = Arrays.stream(new String[30]).map(x -> "response.contains('word')").collect(Collectors.joining(" || "));
        assertThat(TraitExpressions.check(longButFine, TraitScope.UNKNOWN)).isEmpty();
    }

    @Test
    void hugeRegularExpressionsAreRefused() {
        assertThatThrownBy(() -> evaluate("response.matches('(a{100}){100}')", "aaa", null, Map.of()))
                .isInstanceOf(ExpressionException.class)
                .hasMessageContaining("exceeds allowed program size. Allowed: 5000");
    }
}
