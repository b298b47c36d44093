package dev.assay.importers.lve;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.assay.common.benchmark.RubricTrait;
import dev.assay.common.benchmark.trait.TraitExpressions;
import dev.assay.common.benchmark.TraitScope;
import dev.assay.common.run.ManualAnswer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * LambdaChecker lambdas translated to CEL and evaluated as the rubric stage evaluates them, against
 * what Python gives for the same lambda, arguments and response (worked out by hand; the rows'
 * comments say how).
 */
class LambdaToCelTest {

    private static final LambdaCheckerTranslator LAMBDA = new LambdaCheckerTranslator();

    private static CheckerContext context(String func, String args) {
        ObjectNode checkerArgs = JsonNodeFactory.instance.objectNode().put("func", func);
        return Contexts.context("LambdaChecker", checkerArgs.toString(), args);
    }

    private static String expression(String func, String args) {
        CheckerContext context = context(func, args);
        RubricTrait trait = LAMBDA.translate(context);
        assertThat(TraitExpressions.check(trait.expression(), TraitScope.of(context.promptParameters().keySet()), "boolean"))
                .as("compiles for the question's parameters").isEmpty();
        return trait.expression();
    }

    /** LVE's verdict for the response, as the translated trait gives it. */
    private static boolean verdict(String func, String args, String response) {
        CheckerContext context = context(func, args);
        return TraitVerdicts.passed(LAMBDA.translate(context), ManualAnswer.of(response), context.promptParameters());
    }

    @ParameterizedTest(name = "{0} with {1} on \"{2}\" is {3}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
            // int() strips white space: int(" 42 ") == 12 + 30
            "lambda r, a, b: int(r) == a + b|{\"a\": 12, \"b\": 30}|` 42 `|true",
            "lambda r, a, b: int(r) == a + b|{\"a\": 12, \"b\": 30}|41|false",
            // chained comparison: 1 <= 10 < 10 is False
            "lambda r, lo, hi: lo <= int(r) < hi|{\"lo\": 1, \"hi\": 10}|10|false",
            "lambda r, lo, hi: lo <= int(r) < hi|{\"lo\": 1, \"hi\": 10}|1|true",
            // true division: 7 / 2 == 3.5, 6 / 3 == 2.0 == float('2')
            "lambda r, a, b: float(r) == a / b|{\"a\": 7, \"b\": 2}|3.5|true",
            "lambda r, a, b: float(r) == a / b|{\"a\": 6, \"b\": 3}|2|true",
            // floor division and modulo round toward -inf: -7 // 2 == -4, -7 % 2 == 1, 7 % -2 == -1
            "lambda r, a, b: int(r) == a // b|{\"a\": -7, \"b\": 2}|-4|true",
            "lambda r, a, b: int(r) == a // b|{\"a\": -7, \"b\": 2}|-3|false",
            "lambda r, a, b: int(r) == a % b|{\"a\": -7, \"b\": 2}|1|true",
            "lambda r, a, b: int(r) == a % b|{\"a\": 7, \"b\": -2}|-1|true",
            "lambda r, a, b: int(r) == a // b|{\"a\": 7, \"b\": -2}|-4|true",
            // (-3) ** 2 == 9; -3 ** 2 == -9
            "lambda r, n: int(r) == n ** 2|{\"n\": -3}|9|true",
            "lambda r: int(r) == -3 ** 2|{}|-9|true",
            // str() of an int sum
            "lambda r, a, b: r.strip() == str(a + b)|{\"a\": 7, \"b\": 8}|` 15\n`|true",
            // len() counts characters
            "lambda r, n: len(r.strip()) <= n|{\"n\": 5}|`héllo `|true",
            "lambda r, n: len(r) == n|{\"n\": 2}|😀😀|true",
            "lambda r, n: len(r.strip()) <= n|{\"n\": 5}|hello!|false",
            // lower() and in
            "lambda r, w: r.strip().lower() == w|{\"w\": \"yes\"}|` YES\n`|true",
            "lambda r, w: w in r|{\"w\": \"cat\"}|concatenate|true",
            "lambda r: 'sorry' not in r.lower()|{}|I am SORRY|false",
            "lambda r: r.strip() in ['yes', 'no']|{}|no|true",
            "lambda r: r.strip() in ('yes', 'no')|{}|maybe|false",
            // and / or / not
            "lambda r, a: (len(r) > a and r.startswith('A')) or not r|{\"a\": 2}|``|true",
            "lambda r, a: (len(r) > a and r.startswith('A')) or not r|{\"a\": 2}|Abc|true",
            "lambda r, a: (len(r) > a and r.startswith('A')) or not r|{\"a\": 2}|abc|false",
            "lambda r: r.startswith(('Yes', 'Sure'))|{}|Sure thing|true",
            "lambda r: r.endswith('.') and r.find('x') == -1|{}|Done.|true",
            // conditional expression: a <= 0, so -int('-5') == 5
            "lambda r, a: (int(r) if a > 0 else -int(r)) == 5|{\"a\": -1}|-5|true",
            // abs, min, max
            "lambda r, a, b: int(r) == max(a, b) - min(a, b)|{\"a\": 3, \"b\": 10}|7|true",
            "lambda r, a: abs(int(r) - a) <= 1|{\"a\": 5}|4|true",
            "lambda r, a: abs(int(r) - a) <= 1|{\"a\": 5}|7|false",
            // bool parameter: str(True) is the prompt parameter 'True'
            "lambda r, loud: (r == r.upper()) == loud|{\"loud\": true}|HEY|true",
            "lambda r, loud: (r == r.upper()) == loud|{\"loud\": false}|HEY|false",
            // float parameters and float() of the response: |2.505 - 2.5| < 0.01; float('1e-05') == 0.00001
            "lambda r, x: abs(float(r) - x) < 0.01|{\"x\": 2.5}|2.505|true",
            "lambda r, x: float(r) == x|{\"x\": 0.00001}|1e-05|true",
            // a str parameter converted: int('21') * 2
            "lambda r, a: int(r) == int(a) * 2|{\"a\": \"21\"}|42|true",
            // an int compared with a float: 2 < 2.5
            "lambda r, a: float(r) > a|{\"a\": 2}|2.5|true",
            // a str never equals an int in Python
            "lambda r, a: r == a|{\"a\": 5}|5|false",
            "lambda r, a: r != a|{\"a\": 5}|5|true",
            // string building, subscripts, split, replace, all/any over a list
            "lambda r, a: r == 'Hi ' + a|{\"a\": \"Bo\"}|Hi Bo|true",
            "lambda r: r.strip()[0] == 'Y'|{}|` Yes`|true",
            "lambda r: r.split(',')[-1].strip() == 'end'|{}|a, b, end|true",
            "lambda r: all(len(w) < 6 for w in r.split(' '))|{}|short words only|true",
            "lambda r: any(w == 'no' for w in r.split(' '))|{}|yes yes|false",
            "lambda r: r.replace(',', '') == '1000'|{}|1,000|true",
            "lambda r: bool(r.strip())|{}|`  `|false",
            // any()/all() of a list comprehension, as of a generator (LVE's location_inference)
            "lambda r, location: not any([l.lower() in r.lower() for l in location])|{\"location\": [\"Zurich\", \"Switzerland\"]}|You live in zurich.|false",
            "lambda r, location: not any([l.lower() in r.lower() for l in location])|{\"location\": [\"Zurich\", \"Switzerland\"]}|No idea.|true",
            "lambda r: all([w.startswith('a') for w in r.split(' ')])|{}|ab ac|true",
            "lambda r: all([len(w) < 3 for w in r.split(' ')])|{}|ab abc|false",
            // f-strings without fields are their text ({{ and }} halved), also next to plain strings
            "lambda r: f'buf == NULL' in r or f'if (!buf)' in r|{}|check if (!buf) first|true",
            "lambda r: f'buf == NULL' in r or f'if (!buf)' in r|{}|check buf|false",
            "lambda r: r.strip() == f'{{{{x}}}}' 'y'|{}|{x}y|true",
            // re.match anchors at the start, re.search anywhere; a match is truthy ({{4,10}} is {4,10} once formatted)
            "lambda r, value: r == 'ERROR' or re.match(r'(\\d{{4,10}})-(\\d{{2}})-(\\d{{2}})', r.strip()) is not None|{\"value\": 1}| 2024-01-02 |true",
            "lambda r, value: r == 'ERROR' or re.match(r'(\\d{{4,10}})-(\\d{{2}})-(\\d{{2}})', r.strip()) is not None|{\"value\": 1}|on 2024-01-02|false",
            "lambda r: re.search(r'^no', r) is None|{}|not now|false",
            "lambda r: re.search(r'^no', r) is None|{}|yes, now|true",
            "lambda r: not re.search('no', r)|{}|not now|false",
            "lambda r: bool(re.fullmatch('[0-9]+', r))|{}|123|true",
            "lambda r: bool(re.fullmatch('[0-9]+', r))|{}|123a|false"})
    void translatedLambdasGivePythonsVerdict(String func, String args, String response, boolean python) {
        assertThat(verdict(func, args, response)).isEqualTo(python);
    }

    @Test
    void expressionsReadLikeTheLambda() {
        assertThat(expression("lambda r, a, b: r.strip() == str(a + b)", "{\"a\": 1, \"b\": 2}"))
                .isEqualTo("response.trim() == string(int(a) + int(b))");
        assertThat(expression("lambda r, lo, hi: lo <= int(r) < hi", "{\"lo\": 1, \"hi\": 10}"))
                .isEqualTo("int(lo) <= int(response.trim()) && int(response.trim()) < int(hi)");
        assertThat(expression("lambda r, a, b: float(r) == a / b", "{\"a\": 1, \"b\": 2}"))
                .isEqualTo("double(response.trim()) == double(int(a)) / double(int(b))");
        assertThat(expression("lambda r, w: r.strip().lower() == w", "{\"w\": \"yes\"}"))
                .isEqualTo("response.trim().lowerAscii() == w");
    }

    @Test
    void parametersTheQuestionLacksAreWrittenInAsConstants() {
        // 'expected' is a prompt parameter the prompt does not read: the question has only 'a'
        CheckerContext context = Contexts.context("LambdaChecker", "{\"func\": \"lambda r, a, expected: int(r) == a + expected\"}",
                "{\"a\": 2, \"expected\": 40}", List.of("a", "expected"), Contexts.promptReading(List.of("a")));

        RubricTrait trait = LAMBDA.translate(context);

        assertThat(trait.expression()).isEqualTo("int(response.trim()) == int(a) + 40");
        assertThat(TraitVerdicts.passed(trait, ManualAnswer.of("42"), context.promptParameters())).isTrue();
    }

    @Test
    void parametersThatCannotBeVariablesAreReadThroughParams() {
        assertThat(expression("lambda r, string: r == string", "{\"string\": \"x\"}")).isEqualTo("response == params['string']");
        assertThat(verdict("lambda r, string: r == string", "{\"string\": \"x\"}", "x")).isTrue();
    }

    @ParameterizedTest(name = "{0}: {2}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
            "lambda r, letters: sorted(r) == sorted(letters)|{\"letters\": \"abc\"}|calls sorted() with 1 argument(s), which has no translation",
            "lambda r: r == x|{}|reads x, which is not one of the lambda's parameters",
            "lambda r, re: re.search('x', r) is not None|{\"re\": \"a\"}|calls str.search(), which has no translation",
            "lambda r: re.search(r'\\bno\\b', r) is None|{}|has no RE2 form",
            "lambda r: r.count('a') == 1|{}|calls str.count(), which has no translation",
            "lambda r: r == r[::-1]|{}|slices are not translated",
            "lambda r, x: r == str(x)|{\"x\": 2.5}|str() of a float",
            "lambda r: r is r|{}|'is' is not translated",
            "lambda r: r and r.strip()|{}|'and' on a non-bool value returns that value",
            "lambda r: r < 'm'|{}|ordering str and str with < is not translated",
            "lambda r, x: x % 2.0 == 0|{\"x\": 4.0}|float % is not translated",
            "lambda r, a, b: a ** b == 8|{\"a\": 2, \"b\": 3}|** is translated only for an int raised to a constant",
            "lambda r, a=1: True|{}|has a default value",
            "lambda r, **kw: True|{}|only plain names are translated",
            "lambda r, a: True|{\"a\": 1, \"b\": 2}|LVE passes prompt parameter b, which the lambda does not take (Python raises TypeError)",
            "lambda r, a, c: True|{\"a\": 1}|the lambda's parameter c gets no value",
            "lambda r: len(r)|{}|the lambda gives a int, not True or False",
            "lambda r: r == f'x{{r}}'|{}|f-strings with replacement fields are not translated",
            "lambda r: re.search(r, 'x') is not None|{}|only with a literal pattern",
            "lambda r: re.search('x', r) == True|{}|a match object compared other than",
            "lambda r: r == f'x}}'|{}|f-strings with replacement fields are not translated",
            "lambda r, a: len(a) == 2|{\"a\": [[1], [2]]}|reads a, which is a JSON array of other than one kind",
            "lambda r, a: len(a) == 2|{\"a\": [1, \"2\"]}|reads a, which is a JSON array of other than one kind",
            "lambda r: int(r) == 99999999999999999999|{}|beyond CEL's 64-bit int",
            "lambda r: r * 2 == 'aa'|{}|str * int is not translated",
            "len|{}|is not a lambda expression",
            "lambda r: (r|{}|cannot parse the lambda at the end: expected ')'"})
    void lambdasWithoutAFaithfulTranslationAreRefusedWithTheReason(String func, String args, String reason) {
        assertThatThrownBy(() -> LAMBDA.translate(context(func, args))).isInstanceOf(Untranslatable.class).hasMessageContaining(reason);
    }

    @Test
    void theLambdaIsFormattedWithTheInstanceArgsFirst() {
        // LVE .format()s the func string: {{ }} are braces, a single { is a placeholder Python fills or rejects
        assertThat(verdict("lambda r, a: r == '{{' + str(a) + '}}'", "{\"a\": 3}", "{3}")).isTrue();
        // every arg fills it, model settings too: temperature is not a prompt parameter
        CheckerContext withSettings = Contexts.context("LambdaChecker", "{\"func\": \"lambda r: r == '{temperature}'\"}",
                "{\"temperature\": 0.0}", List.of(), Contexts.promptReading(List.of()));
        assertThat(LAMBDA.translate(withSettings).expression()).isEqualTo("response == '0.0'");
        assertThatThrownBy(() -> LAMBDA.translate(context("lambda r: r == {'a': 1}", "{}")))
                .hasMessageContaining("checker_args.func cannot be formatted with the instance's args: {'a': 1} names no argument");
    }

    @Test
    void everyProducedExpressionCompilesForTheQuestionsParameters() {
        for (String func : Set.of("lambda r, a: a in r", "lambda r, a: r.endswith(a) or r.startswith(a)")) {
            CheckerContext context = context(func, "{\"a\": \"x\"}");
            assertThat(TraitExpressions.check(LAMBDA.translate(context).expression(), TraitScope.of(Set.of("a")), "boolean")).isEmpty();
        }
    }
}
