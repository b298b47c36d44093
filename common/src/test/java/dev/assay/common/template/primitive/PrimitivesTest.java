package dev.assay.common.template.primitive;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.benchmark.Benchmark;
import dev.assay.common.benchmark.TemplateField;
import dev.assay.common.json.Json;
import dev.assay.common.pipeline.FieldVerdict;
import dev.assay.common.validation.SpecReader;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** Each primitive against the edge cases of its kind of value. */
class PrimitivesTest {

    /** The field {@code f} written in YAML flow style, read and validated as a benchmark would be. */
    static TemplateField field(String yaml) {
        return SpecReader.read("questions:\n  - question: q\n    template:\n      fields:\n        f: " + yaml + "\n", Benchmark.class)
                .questions().get(0).template().fields().get("f");
    }

    static FieldVerdict check(String fieldYaml, String actualJson) {
        try {
            JsonNode actual = Json.mapper().readTree(actualJson);
            TemplateField field = field(fieldYaml);
            return Primitives.of(field).verify("f", field, actual, null);
        } catch (java.io.IOException e) {
            throw new IllegalArgumentException(e);
        }
    }

    static boolean passes(String fieldYaml, String actualJson) {
        return check(fieldYaml, actualJson).passed();
    }

    @Nested
    class Defaults {
        @Test
        void eachTypeHasItsDefault() {
            assertThat(check("{type: string, description: d, ground_truth: a}", "\"a\"").primitive()).isEqualTo("exact");
            assertThat(check("{type: integer, description: d, ground_truth: 1}", "1").primitive()).isEqualTo("numeric_exact");
            assertThat(check("{type: number, description: d, ground_truth: 1}", "1").primitive()).isEqualTo("numeric_exact");
            assertThat(check("{type: boolean, description: d, ground_truth: true}", "true").primitive()).isEqualTo("boolean");
            assertThat(check("{type: literal, values: [a, b], description: d, ground_truth: a}", "\"a\"").primitive()).isEqualTo("literal");
            assertThat(check("{type: date, description: d, ground_truth: 2024-03-01}", "\"2024-03-01\"").primitive()).isEqualTo("date_exact");
            assertThat(check("{type: list, description: d, ground_truth: [a]}", "[\"a\"]").primitive()).isEqualTo("ordered_match");
        }

        @Test
        void nullNeverMatches() {
            FieldVerdict verdict = check("{type: string, description: d, ground_truth: a, nullable: true}", "null");
            assertThat(verdict.passed()).isFalse();
            assertThat(verdict.detail()).isEqualTo("the judge found no value");
            assertThat(Primitives.of(field("{type: string, description: d, ground_truth: a}")).verify("f",
                    field("{type: string, description: d, ground_truth: a}"), null, null).passed()).isFalse();
            assertThat(passes("{type: number, description: d, verify: {primitive: numeric_range, min: 0, max: 1}}", "null")).isFalse();
            assertThat(passes("{type: list, description: d, ground_truth: [], verify: {primitive: set_containment, mode: subset}}", "null")).isFalse();
        }
    }

    @Nested
    class ExactText {
        @Test
        void surroundingWhitespaceIsIgnoredByDefaultButCaseIsNot() {
            assertThat(passes("{type: string, description: d, ground_truth: Paris}", "\" Paris\\n\"")).isTrue();
            assertThat(passes("{type: string, description: d, ground_truth: Paris}", "\"\\u00a0Paris\\u2003\"")).isTrue();
            assertThat(passes("{type: string, description: d, ground_truth: Paris}", "\"paris\"")).isFalse();
        }

        @Test
        void normalizersApplyInOrder() {
            String field = "{type: string, description: d, ground_truth: \"New York\", verify: {primitive: exact, "
                    + "normalizers: [lowercase, remove_punctuation, collapse_whitespace, strip]}}";
            assertThat(passes(field, "\"  new\\t\\tyork!! \"")).isTrue();
            assertThat(passes(field, "\"new\\u00a0 york.\"")).isTrue();
            assertThat(passes(field, "\"newyork\"")).isFalse();
            // without strip in the list, surrounding whitespace counts
            assertThat(passes("{type: string, description: d, ground_truth: a, verify: {primitive: exact, normalizers: [lowercase]}}", "\" A\"")).isFalse();
        }

        @Test
        void unicodeCompositionAndCaseAreHandled() {
            // "é" written as one code point and as e + combining accent
            assertThat(passes("{type: string, description: d, ground_truth: \"caf\\u00e9\"}", "\"cafe\\u0301\"")).isTrue();
            assertThat(passes("{type: string, description: d, ground_truth: \"ÉCOLE\", verify: {primitive: exact, normalizers: [lowercase]}}",
                    "\"école\"")).isTrue();
            assertThat(passes("{type: string, description: d, ground_truth: \"naïve\", verify: {primitive: exact, normalizers: [remove_punctuation]}}",
                    "\"«naïve»\"")).isTrue();
        }

        @Test
        void synonymsMapToTheirCanonicalForm() {
            String field = "{type: string, description: d, ground_truth: \"myocardial infarction\", verify: {primitive: exact, "
                    + "normalizers: [lowercase, strip], synonyms: {\"myocardial infarction\": [\"heart attack\", MI]}}}";
            assertThat(passes(field, "\"Heart attack \"")).isTrue();
            assertThat(passes(field, "\"mi\"")).isTrue();
            assertThat(passes(field, "\"stroke\"")).isFalse();
        }

        @Test
        void numbersAndListsByValue() {
            assertThat(passes("{type: number, description: d, ground_truth: 8, verify: exact}", "8.0")).isTrue();
            assertThat(passes("{type: list, description: d, ground_truth: [a, b], verify: exact}", "[\" a\", \"b\"]")).isTrue();
            assertThat(passes("{type: list, description: d, ground_truth: [a, b], verify: exact}", "[\"b\", \"a\"]")).isFalse();
            assertThat(passes("{type: list, description: d, ground_truth: [], verify: exact}", "[]")).isTrue();
        }
    }

    @Nested
    class BooleanAndLiteral {
        @Test
        void booleanReadsYesAndNo() {
            assertThat(passes("{type: boolean, description: d, ground_truth: true}", "true")).isTrue();
            assertThat(passes("{type: boolean, description: d, ground_truth: true}", "\" Yes\"")).isTrue();
            assertThat(passes("{type: boolean, description: d, ground_truth: false}", "\"no\"")).isTrue();
            assertThat(passes("{type: boolean, description: d, ground_truth: false}", "true")).isFalse();
            assertThat(check("{type: boolean, description: d, ground_truth: false}", "\"maybe\"").detail()).startsWith("expected true or false");
        }

        @Test
        void booleanReadsWhatPydanticReadsInLaxModeAndNothingElse() {
            for (String yes : new String[] {"1", "1.0", "\"1\"", "\"on\"", "\"T\"", "\"y\"", "\"TRUE\""}) {
                assertThat(passes("{type: boolean, description: d, ground_truth: true}", yes)).as(yes).isTrue();
            }
            for (String no : new String[] {"0", "\"0\"", "\"OFF\"", "\"f\"", "\"N\"", "\"False\""}) {
                assertThat(passes("{type: boolean, description: d, ground_truth: false}", no)).as(no).isTrue();
            }
            assertThat(check("{type: boolean, description: d, ground_truth: true}", "2").detail()).isEqualTo(
                    "expected true or false (or yes/no, on/off, 1/0), got 2");
        }

        @Test
        void literalMustBeAnAllowedValue() {
            String field = "{type: literal, values: [low, medium, high], description: d, ground_truth: high}";
            assertThat(passes(field, "\"high \"")).isTrue();
            assertThat(passes(field, "\"low\"")).isFalse();
            assertThat(check(field, "\"extreme\"").detail()).isEqualTo("\"extreme\" is not one of the allowed values [low, medium, high]");
            assertThat(passes(field, "\"HIGH\"")).isFalse();
            assertThat(passes(field.replace("ground_truth: high", "ground_truth: high, verify: {primitive: literal, case_sensitive: false}"),
                    "\"HIGH\"")).isTrue();
        }
    }

    @Nested
    class Contains {
        @Test
        void anyFindsASubstringWhateverTheCaseAndSpacing() {
            String field = "{type: string, description: d, ground_truth: x, verify: {primitive: contains_any, terms: [aspirin, \"acetylsalicylic  acid\"]}}";
            assertThat(passes(field, "\"Take ASPIRIN daily\"")).isTrue();
            assertThat(passes(field, "\"Acetylsalicylic\\nacid\"")).isTrue();
            assertThat(passes(field, "\"ibuprofen\"")).isFalse();
            assertThat(passes(field, "\"\"")).isFalse();
        }

        @Test
        void allIsGradedAndTakesTermsFromTheGroundTruth() {
            String field = "{type: list, description: d, ground_truth: [Red, Green, Blue], verify: contains_all}";
            assertThat(passes(field, "[\"red\", \"green\", \"blue\", \"black\"]")).isTrue();
            FieldVerdict partial = check(field, "[\"red\"]");
            assertThat(partial.passed()).isFalse();
            assertThat(partial.score()).isCloseTo(1.0 / 3, within(1e-9));
            assertThat(check(field, "[]").score()).isZero();
        }

        @Test
        void textGroundTruthIsOneTerm() {
            assertThat(passes("{type: string, description: d, ground_truth: \"Paris\", verify: contains_any}", "\"It is paris, France\"")).isTrue();
        }
    }

    @Nested
    class Regex {
        @Test
        void searchIsTheDefaultAndFullMatchesTheWhole() {
            assertThat(passes("{type: string, description: d, verify: {primitive: regex, pattern: \"\\\\d+ mg\"}}", "\"take 50 mg daily\"")).isTrue();
            assertThat(passes("{type: string, description: d, verify: {primitive: regex, pattern: \"\\\\d+ mg\", mode: full}}", "\"take 50 mg daily\"")).isFalse();
            assertThat(passes("{type: string, description: d, verify: {primitive: regex, pattern: \"\\\\d+ mg\", mode: full}}", "\"50 mg\"")).isTrue();
        }

        @Test
        void flagsAndGroundTruthAsPattern() {
            assertThat(passes("{type: string, description: d, ground_truth: \"^paris$\", verify: {primitive: regex, flags: [ignore_case]}}",
                    "\"PARIS\"")).isTrue();
            assertThat(passes("{type: string, description: d, ground_truth: \"^paris$\", verify: regex}", "\"PARIS\"")).isFalse();
            assertThat(passes("{type: string, description: d, verify: {primitive: regex, pattern: \"^b\", flags: [multiline]}}", "\"a\\nb\"")).isTrue();
            assertThat(passes("{type: string, description: d, verify: {primitive: regex, pattern: \"a.b\", flags: [dotall]}}", "\"a\\nb\"")).isTrue();
            assertThat(passes("{type: string, description: d, verify: {primitive: regex, pattern: \"ÉCOLE\", flags: [ignore_case]}}", "\"école\"")).isTrue();
        }

        @Test
        void classesAreUnicodeAwareAsInPythonsRe() {
            // Python's re.search(r"\d+ mg", "٣ mg") matches: \d is any decimal digit, \w any script's letter
            assertThat(passes("{type: string, description: d, verify: {primitive: regex, pattern: \"^\\\\d+ mg$\"}}", "\"٣٠ mg\"")).isTrue();
            assertThat(passes("{type: string, description: d, verify: {primitive: regex, pattern: \"^\\\\w+$\", mode: full}}", "\"Straße\"")).isTrue();
            assertThat(passes("{type: string, description: d, verify: {primitive: regex, pattern: \"a\\\\sb\"}}", "\"a\u00a0b\"")).isTrue();
        }
    }

    @Nested
    class Numeric {
        @Test
        void exactComparesByValueIncludingText() {
            assertThat(passes("{type: number, description: d, ground_truth: 0.3}", "0.30")).isTrue();
            assertThat(passes("{type: integer, description: d, ground_truth: 8}", "\" 8 \"")).isTrue();
            assertThat(check("{type: integer, description: d, ground_truth: 8}", "6").detail()).isEqualTo("expected 8, got 6");
            assertThat(check("{type: integer, description: d, ground_truth: 8}", "\"eight\"").detail()).startsWith("expected a number");
        }

        @Test
        void toleranceHoldsExactlyAtTheBoundary() {
            String absolute = "{type: number, description: d, ground_truth: 1.0, verify: {primitive: numeric_tolerance, absolute: 0.1}}";
            // in doubles 1.1 - 1.0 = 0.10000000000000009; in decimals it is 0.1, at the boundary, inside
            assertThat(passes(absolute, "1.1")).isTrue();
            assertThat(passes(absolute, "0.9")).isTrue();
            assertThat(passes(absolute, "1.1000001")).isFalse();
            String relative = "{type: number, description: d, ground_truth: 200, verify: {primitive: numeric_tolerance, relative: 0.05}}";
            assertThat(passes(relative, "210")).isTrue();
            assertThat(passes(relative, "190")).isTrue();
            assertThat(passes(relative, "210.01")).isFalse();
            assertThat(check(relative, "211").detail()).isEqualTo("differs from 200 by 11, more than 10");
        }

        @Test
        void eitherToleranceSuffices() {
            String both = "{type: number, description: d, ground_truth: 0, verify: {primitive: numeric_tolerance, absolute: 0.5, relative: 0.1}}";
            // relative to zero allows nothing; the absolute tolerance still applies
            assertThat(passes(both, "0.5")).isTrue();
            assertThat(passes(both, "-0.6")).isFalse();
        }

        @Test
        void rangeBoundsAreInclusiveUnlessSaidOtherwise() {
            String inclusive = "{type: number, description: d, verify: {primitive: numeric_range, min: 1, max: 2}}";
            assertThat(passes(inclusive, "1")).isTrue();
            assertThat(passes(inclusive, "2.0")).isTrue();
            assertThat(passes(inclusive, "0.999")).isFalse();
            String exclusive = "{type: number, description: d, verify: {primitive: numeric_range, min: 1, max: 2, min_inclusive: false, max_inclusive: false}}";
            assertThat(passes(exclusive, "1")).isFalse();
            assertThat(passes(exclusive, "2")).isFalse();
            assertThat(passes(exclusive, "1.5")).isTrue();
            assertThat(check(exclusive, "2").detail()).isEqualTo("2 is outside (1, 2)");
            // no ground truth: the verdict records the range as what was expected
            assertThat(check(inclusive, "1").expected().toString()).isEqualTo("{\"min\":1,\"max\":2}");
        }

        @Test
        void minAndMax() {
            assertThat(passes("{type: integer, description: d, ground_truth: 18, verify: numeric_min}", "18")).isTrue();
            assertThat(passes("{type: integer, description: d, ground_truth: 18, verify: numeric_min}", "17")).isFalse();
            assertThat(passes("{type: integer, description: d, verify: {primitive: numeric_min, min: 18, inclusive: false}}", "18")).isFalse();
            assertThat(passes("{type: number, description: d, verify: {primitive: numeric_max, max: 2.5}}", "2.5")).isTrue();
            assertThat(passes("{type: number, description: d, verify: {primitive: numeric_max, max: 2.5, inclusive: false}}", "2.5")).isFalse();
            assertThat(check("{type: number, description: d, verify: {primitive: numeric_max, max: 2.5}}", "3").detail()).isEqualTo("3 is not ≤ 2.5");
        }
    }

    @Nested
    class Lists {
        @Test
        void setContainmentModes() {
            String equal = "{type: list, description: d, ground_truth: [a, b, c], verify: {primitive: set_containment, normalizers: [lowercase, strip]}}";
            assertThat(passes(equal, "[\"C\", \"b\", \" a\", \"a\"]")).isTrue();
            FieldVerdict partial = check(equal, "[\"a\", \"b\", \"d\"]");
            assertThat(partial.passed()).isFalse();
            assertThat(partial.score()).isCloseTo(2.0 / 4, within(1e-9));
            String subset = equal.replace("set_containment,", "set_containment, mode: subset,");
            assertThat(passes(subset, "[\"a\"]")).isTrue();
            assertThat(passes(subset, "[\"a\", \"z\"]")).isFalse();
            assertThat(check(subset, "[\"a\", \"z\"]").score()).isEqualTo(0.5);
            String superset = equal.replace("set_containment,", "set_containment, mode: superset,");
            assertThat(passes(superset, "[\"a\", \"b\", \"c\", \"z\"]")).isTrue();
            assertThat(check(superset, "[\"a\"]").score()).isCloseTo(1.0 / 3, within(1e-9));
        }

        @Test
        void emptyLists() {
            String subset = "{type: list, description: d, ground_truth: [a], verify: {primitive: set_containment, mode: subset}}";
            // vacuously a subset: documented
            assertThat(check(subset, "[]").passed()).isTrue();
            String superset = "{type: list, description: d, ground_truth: [a], verify: {primitive: set_containment, mode: superset}}";
            assertThat(check(superset, "[]").passed()).isFalse();
            assertThat(check(superset, "[]").score()).isZero();
            String emptyTruth = "{type: list, description: d, ground_truth: [], verify: set_containment}";
            assertThat(check(emptyTruth, "[]").passed()).isTrue();
            assertThat(check(emptyTruth, "[\"a\"]").passed()).isFalse();
            assertThat(check("{type: list, description: d, ground_truth: []}", "[]").score()).isEqualTo(1.0);
            assertThat(check("{type: list, description: d, ground_truth: [a]}", "[]").score()).isZero();
        }

        @Test
        void numberItemsCompareByValue() {
            assertThat(passes("{type: list, items: number, description: d, ground_truth: [1, 2.5], verify: set_containment}", "[2.50, \"1\"]")).isTrue();
            assertThat(passes("{type: list, items: number, description: d, ground_truth: [1, 2.5]}", "[1.0, 2.5]")).isTrue();
        }

        @Test
        void orderedMatchIsGradedByPosition() {
            String field = "{type: list, description: d, ground_truth: [a, b, c, d]}";
            assertThat(passes(field, "[\"a\", \"b\", \"c\", \"d\"]")).isTrue();
            FieldVerdict swapped = check(field, "[\"a\", \"c\", \"b\", \"d\"]");
            assertThat(swapped.passed()).isFalse();
            assertThat(swapped.score()).isEqualTo(0.5);
            assertThat(check(field, "[\"a\", \"b\", \"c\", \"d\", \"e\"]").score()).isEqualTo(0.8);
            assertThat(check(field, "\"a, b, c, d\"").detail()).startsWith("expected a list");
        }
    }

    @Nested
    class DateChecks {
        @Test
        void exactReadsCommonFormats() {
            String field = "{type: date, description: d, ground_truth: 2024-03-01}";
            assertThat(passes(field, "\"2024-03-01\"")).isTrue();
            assertThat(passes(field, "\"2024-03-01T10:15:00Z\"")).isTrue();
            assertThat(passes(field, "\"2024/03/01\"")).isTrue();
            assertThat(passes(field, "\"1 March 2024\"")).isTrue();
            assertThat(passes(field, "\"march 1, 2024\"")).isTrue();
            assertThat(passes(field, "\"Mar 1, 2024\"")).isTrue();
            assertThat(passes(field, "\"2024-03-02\"")).isFalse();
            // day-first or month-first is never guessed
            assertThat(check(field, "\"01/03/2024\"").detail()).startsWith("expected a date");
            assertThat(passes("{type: date, description: d, ground_truth: 2024-03-01, verify: {primitive: date_exact, formats: [\"dd/MM/uuuu\"]}}",
                    "\"01/03/2024\"")).isTrue();
            assertThat(check(field, "\"2024-02-30\"").detail()).startsWith("expected a date");
        }

        @Test
        void toleranceInDaysIncludesTheBoundary() {
            String field = "{type: date, description: d, ground_truth: 2024-02-28, verify: {primitive: date_tolerance, days: 2}}";
            assertThat(passes(field, "\"2024-03-01\"")).isTrue(); // leap year: 29 Feb lies between
            assertThat(passes(field, "\"2024-03-02\"")).isFalse();
            assertThat(passes(field, "\"2024-02-26\"")).isTrue();
            assertThat(check(field, "\"2024-03-02\"").detail()).isEqualTo("2024-03-02 is 3 days from 2024-02-28, more than 2");
        }

        @Test
        void rangeWithOpenAndExclusiveEnds() {
            String closed = "{type: date, description: d, verify: {primitive: date_range, from: 2020-01-01, to: 2020-12-31}}";
            assertThat(passes(closed, "\"2020-01-01\"")).isTrue();
            assertThat(passes(closed, "\"2020-12-31\"")).isTrue();
            assertThat(passes(closed, "\"2021-01-01\"")).isFalse();
            String exclusive = "{type: date, description: d, verify: {primitive: date_range, from: 2020-01-01, to: 2020-12-31, from_inclusive: false, to_inclusive: false}}";
            assertThat(passes(exclusive, "\"2020-01-01\"")).isFalse();
            assertThat(passes(exclusive, "\"2020-12-31\"")).isFalse();
            String open = "{type: date, description: d, verify: {primitive: date_range, from: 2020-01-01}}";
            assertThat(passes(open, "\"2999-01-01\"")).isTrue();
            assertThat(check(open, "\"2019-12-31\"").detail()).isEqualTo("2019-12-31 is outside [2020-01-01, …)");
        }
    }

    @Nested
    class SemanticEquivalence {
        @Test
        void theJudgeDecidesAndItsReasoningIsKept() {
            TemplateField field = field("{type: string, description: d, ground_truth: \"heart attack\", verify: {primitive: semantic, instructions: \"synonyms count\"}}");
            SemanticJudge judge = (name, f, actual, instructions) ->
                    new SemanticJudge.Equivalence(actual.asText().contains("infarction") && instructions.equals("synonyms count"), "same condition");
            FieldVerdict verdict = Primitives.of(field).verify("f", field, Json.mapper().getNodeFactory().textNode("myocardial infarction"), judge);
            assertThat(verdict.passed()).isTrue();
            assertThat(verdict.primitive()).isEqualTo("semantic");
            assertThat(verdict.detail()).isEqualTo("equivalent: same condition");
        }

        @Test
        void withoutAJudgeItIsAnErrorNotAVerdict() {
            TemplateField field = field("{type: string, description: d, ground_truth: \"heart attack\", verify: semantic}");
            assertThatThrownBy(() -> Primitives.of(field).verify("f", field, Json.mapper().getNodeFactory().textNode("MI"), null))
                    .isInstanceOf(IllegalStateException.class).hasMessageContaining("needs a judge");
            // a null still fails without asking anyone
            assertThat(Primitives.of(field).verify("f", field, null, null).passed()).isFalse();
        }
    }
}
