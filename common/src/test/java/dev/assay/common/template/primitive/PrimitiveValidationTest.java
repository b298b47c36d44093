package dev.assay.common.template.primitive;

import dev.assay.common.benchmark.Benchmark;
import dev.assay.common.validation.SpecReader;
import dev.assay.common.validation.ValidationException;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/** Load-time checks of {@code verify}: every problem is reported with its path and something to act on. */
class PrimitiveValidationTest {

    static List<String> errors(String fields) {
        String yaml = "questions:\n  - question: q\n    template:\n      fields:\n" + fields.indent(8);
        ValidationException error = catchThrowableOfType(ValidationException.class, () -> SpecReader.read(yaml, Benchmark.class));
        assertThat(error).as("expected validation errors for %s", fields).isNotNull();
        return error.errors().stream().map(Object::toString).toList();
    }

    static void valid(String fields) {
        SpecReader.read("questions:\n  - question: q\n    template:\n      fields:\n" + fields.indent(8), Benchmark.class);
    }

    @Test
    void unknownPrimitiveNamesThePathAndSuggests() {
        assertThat(errors("dose: {type: string, description: d, ground_truth: x, verify: exactt}"))
                .containsExactly("questions[0].template.fields.dose.verify: unknown primitive \"exactt\" (did you mean \"exact\"?)");
        assertThat(errors("dose: {type: number, description: d, ground_truth: 1, verify: {primitive: numeric_tolerence, absolute: 1}}"))
                .containsExactly("questions[0].template.fields.dose.verify.primitive: unknown primitive \"numeric_tolerence\" (did you mean \"numeric_tolerance\"?)");
        assertThat(errors("dose: {type: string, description: d, ground_truth: x, verify: zzzzzzzz}").get(0))
                .contains("known primitives: exact, boolean");
    }

    @Test
    void misspeltParameterIsAnError() {
        assertThat(errors("dose: {type: number, description: d, ground_truth: 1, verify: {primitive: numeric_tolerance, abslute: 1}}"))
                .anySatisfy(line -> assertThat(line).startsWith("questions[0].template.fields.dose.verify.abslute: unknown parameter \"abslute\"")
                        .contains("did you mean \"absolute\"?"));
    }

    @Test
    void primitiveMustFitTheFieldType() {
        assertThat(errors("dose: {type: string, description: d, ground_truth: x, verify: numeric_exact}"))
                .containsExactly("questions[0].template.fields.dose.verify: the numeric_exact primitive does not check string fields (it checks integer, number)");
    }

    @Test
    void verifyMustBeANameOrAMapping() {
        assertThat(errors("dose: {type: string, description: d, ground_truth: x, verify: [exact]}").get(0))
                .startsWith("questions[0].template.fields.dose.verify: must be a primitive's name");
        assertThat(errors("dose: {type: string, description: d, ground_truth: x, verify: {normalizers: [strip]}}").get(0))
                .startsWith("questions[0].template.fields.dose.verify.primitive: is required");
    }

    @Test
    void groundTruthIsRequiredUnlessThePrimitiveHasItsOwnReference() {
        assertThat(errors("dose: {type: number, description: d}"))
                .containsExactly("questions[0].template.fields.dose.ground_truth: is required by the numeric_exact primitive");
        valid("dose: {type: number, description: d, verify: {primitive: numeric_range, min: 1, max: 2}}");
        valid("when: {type: date, description: d, verify: {primitive: date_range, from: 2020-01-01}}");
    }

    @Test
    void parameterValuesAreChecked() {
        String path = "questions[0].template.fields.f.verify";
        assertThat(errors("f: {type: number, description: d, ground_truth: 1, verify: {primitive: numeric_tolerance, absolute: -1}}"))
                .contains(path + ".absolute: must not be negative, got -1");
        assertThat(errors("f: {type: number, description: d, ground_truth: 1, verify: {primitive: numeric_tolerance}}").get(0))
                .startsWith(path + ": numeric_tolerance needs absolute or relative");
        assertThat(errors("f: {type: number, description: d, verify: {primitive: numeric_range, min: 3, max: 1}}"))
                .contains(path + ": the range from 3 to 1 admits no number");
        assertThat(errors("f: {type: number, description: d, verify: {primitive: numeric_range, min: 1, max: 1, max_inclusive: false}}"))
                .contains(path + ": the range from 1 to 1 admits no number");
        assertThat(errors("f: {type: number, description: d, verify: {primitive: numeric_range, min: 1}}"))
                .contains(path + ".max: is required: the range's upper bound");
        assertThat(errors("f: {type: string, description: d, ground_truth: x, verify: {primitive: exact, normalizers: [lowercse]}}").get(0))
                .startsWith(path + ".normalizers[0]: unknown normalizer \"lowercse\" (did you mean \"lowercase\"?)");
        assertThat(errors("f: {type: string, description: d, verify: {primitive: regex, pattern: \"(a\"}}").get(0))
                .startsWith(path + ".pattern: invalid regular expression");
        assertThat(errors("f: {type: string, description: d, verify: {primitive: regex, pattern: a, mode: fll}}").get(0))
                .startsWith(path + ".mode: unknown value \"fll\" (did you mean \"full\"?)");
        assertThat(errors("f: {type: string, description: d, verify: {primitive: regex, pattern: a, flags: [ignorecase]}}").get(0))
                .startsWith(path + ".flags[0]: unknown flag \"ignorecase\" (did you mean \"ignore_case\"?)");
        assertThat(errors("f: {type: date, description: d, ground_truth: 2020-01-01, verify: {primitive: date_tolerance, days: 1.5}}"))
                .contains(path + ".days: must be a whole number of days, got 1.5");
        assertThat(errors("f: {type: date, description: d, ground_truth: 2020-01-01, verify: {primitive: date_tolerance}}"))
                .anySatisfy(line -> assertThat(line).startsWith(path + ".days: is required"));
        assertThat(errors("f: {type: date, description: d, verify: {primitive: date_range, from: 2021-01-01, to: 2020-01-01}}"))
                .contains(path + ": the range from 2021-01-01 to 2020-01-01 admits no date");
        assertThat(errors("f: {type: date, description: d, verify: {primitive: date_range, from: soon}}"))
                .contains(path + ".from: must be a date written YYYY-MM-DD, got \"soon\"");
        assertThat(errors("f: {type: list, description: d, ground_truth: [a], verify: {primitive: set_containment, mode: sub}}").get(0))
                .startsWith(path + ".mode: unknown value \"sub\"");
        assertThat(errors("f: {type: string, description: d, ground_truth: x, verify: {primitive: exact, synonyms: {a: [b], c: [b]}}}"))
                .anySatisfy(line -> assertThat(line).startsWith(path + ".synonyms.").contains("alias \"b\" is also a synonym of"));
        assertThat(errors("f: {type: string, description: d, ground_truth: x, verify: {primitive: contains_any, terms: []}}"))
                .anySatisfy(line -> assertThat(line).startsWith(path + ".terms: needs at least one term"));
        assertThat(errors("f: {type: date, description: d, ground_truth: 2020-01-01, verify: {primitive: date_exact, formats: [\"dd/MM/qqqqqq\"]}}"))
                .anySatisfy(line -> assertThat(line).startsWith(path + ".formats: invalid date pattern"));
    }

    @Test
    void everyListedPrimitiveIsRegisteredOnce() {
        assertThat(Primitives.names()).containsExactlyInAnyOrder("exact", "boolean", "contains_any", "contains_all", "regex",
                "numeric_exact", "numeric_tolerance", "numeric_range", "numeric_min", "numeric_max", "set_containment",
                "ordered_match", "literal", "date_exact", "date_tolerance", "date_range", "semantic");
        assertThat(Primitives.find("semantic")).get().matches(VerificationPrimitive::needsJudge);
    }
}
