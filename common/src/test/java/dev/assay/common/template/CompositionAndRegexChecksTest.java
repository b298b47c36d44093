package dev.assay.common.template;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.benchmark.AnswerTemplate;
import dev.assay.common.benchmark.Benchmark;
import dev.assay.common.json.Json;
import dev.assay.common.pipeline.RegexCheckResult;
import dev.assay.common.pipeline.TemplateVerdict;
import dev.assay.common.validation.SpecReader;
import dev.assay.common.validation.ValidationException;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.assertj.core.api.Assertions.within;

class CompositionAndRegexChecksTest {

    private static final String FIELDS = """
                fields:
                  a: {type: integer, description: a, ground_truth: 1}
                  b: {type: integer, description: b, ground_truth: 2, weight: 2}
                  c: {type: integer, description: c, ground_truth: 3}
            """;

    static AnswerTemplate template(String extra) {
        String yaml = "questions:\n  - question: q\n    template:\n" + FIELDS.indent(2) + extra.indent(6);
        return SpecReader.read(yaml, Benchmark.class).questions().get(0).template();
    }

    static List<String> errors(String extra) {
        String yaml = "questions:\n  - question: q\n    template:\n" + FIELDS.indent(2) + extra.indent(6);
        return catchThrowableOfType(ValidationException.class, () -> SpecReader.read(yaml, Benchmark.class))
                .errors().stream().map(Object::toString).toList();
    }

    static JsonNode json(String text) throws Exception {
        return Json.mapper().readTree(text);
    }

    @Test
    void allOfIsTheDefault() throws Exception {
        TemplateVerdict verdict = TemplateVerifier.verify(template(""), json("{\"a\":1,\"b\":2,\"c\":0}"), "", null);
        assertThat(verdict.passed()).isFalse();
        assertThat(verdict.score()).isCloseTo(3.0 / 4, within(1e-9));
        assertThat(TemplateVerifier.verify(template("composition: all_of"), json("{\"a\":1,\"b\":2,\"c\":3}"), "", null).passed()).isTrue();
    }

    @Test
    void anyOfNeedsOneField() throws Exception {
        AnswerTemplate anyOf = template("composition: any_of");
        assertThat(TemplateVerifier.verify(anyOf, json("{\"a\":0,\"b\":0,\"c\":3}"), "", null).passed()).isTrue();
        TemplateVerdict none = TemplateVerifier.verify(anyOf, json("{\"a\":0,\"b\":0,\"c\":null}"), "", null);
        assertThat(none.passed()).isFalse();
        assertThat(none.score()).isZero();
    }

    @Test
    void atLeastNCountsPassingFields() throws Exception {
        AnswerTemplate two = template("composition: {at_least_n: 2}");
        assertThat(TemplateVerifier.verify(two, json("{\"a\":1,\"b\":0,\"c\":3}"), "", null).passed()).isTrue();
        TemplateVerdict one = TemplateVerifier.verify(two, json("{\"a\":1,\"b\":0,\"c\":0}"), "", null);
        assertThat(one.passed()).isFalse();
        // the score stays the weighted mean whatever the composition
        assertThat(one.score()).isCloseTo(1.0 / 4, within(1e-9));
    }

    @Test
    void compositionIsValidated() {
        assertThat(errors("composition: anyof")).containsExactly(
                "questions[0].template.composition: unknown composition \"anyof\" (did you mean \"any_of\"?); expected all_of, any_of or {at_least_n: N}");
        assertThat(errors("composition: {at_least_n: 4}")).containsExactly(
                "questions[0].template.composition.at_least_n: must be a whole number from 1 to the number of fields (3), got 4");
        assertThat(errors("composition: {at_least_n: 0}")).hasSize(1);
        assertThat(errors("composition: {at_least: 2}").get(0)).startsWith("questions[0].template.composition: must be all_of, any_of or {at_least_n: N}");
    }

    @Test
    void regexChecksJoinTheFieldVerdict() throws Exception {
        AnswerTemplate template = template("""
                regex_checks:
                  - {pattern: "\\\\bmg\\\\b"}
                  - {pattern: "i am not sure", must: not_match, flags: [ignore_case]}
                """);
        JsonNode right = json("{\"a\":1,\"b\":2,\"c\":3}");
        TemplateVerdict good = TemplateVerifier.verify(template, right, "Take 5 mg.", null);
        assertThat(good.passed()).isTrue();
        assertThat(good.regexChecks()).containsExactly(
                new RegexCheckResult("\\bmg\\b", "match", true, true),
                new RegexCheckResult("i am not sure", "not_match", false, true));
        TemplateVerdict hedged = TemplateVerifier.verify(template, right, "I am NOT sure: 5 mg", null);
        assertThat(hedged.passed()).isFalse();
        assertThat(hedged.score()).isEqualTo(1.0);
        assertThat(hedged.regexChecks()).extracting(RegexCheckResult::passed).containsExactly(true, false);
        assertThat(TemplateVerifier.verify(template, right, "5 milligrams", null).passed()).isFalse();
        assertThatThrownBy(() -> TemplateVerifier.verify(template, right)).hasMessageContaining("no response was given");
    }

    @Test
    void regexChecksAreUnicodeAwareAsInPythonsRe() throws Exception {
        // Karenina runs re.search on the raw response; there \d matches Arabic-Indic digits and \b knows Cyrillic letters
        AnswerTemplate template = template("""
                regex_checks:
                  - {pattern: "\\\\d+\\\\s*mg"}
                  - {pattern: "\\\\bдоза\\\\b", flags: [ignore_case]}
                """);
        TemplateVerdict verdict = TemplateVerifier.verify(template, json("{\"a\":1,\"b\":2,\"c\":3}"), "ДОЗА: ٣ mg", null);
        assertThat(verdict.regexChecks()).extracting(RegexCheckResult::matched).containsExactly(true, true);
        assertThat(verdict.passed()).isTrue();
    }

    @Test
    void regexChecksAreValidated() {
        assertThat(errors("""
                regex_checks:
                  - {pattern: "(a", must: nomatch}
                  - {must: match, flags: [dotal]}
                  - {pattern: a, mode: full}
                """)).contains(
                "questions[0].template.regex_checks[0].must: unknown value \"nomatch\" (did you mean \"match\"?); expected match or not_match",
                "questions[0].template.regex_checks[1].pattern: is required",
                "questions[0].template.regex_checks[1].flags[0]: unknown flag \"dotal\" (did you mean \"dotall\"?); known flags: ignore_case, multiline, dotall")
                .anySatisfy(line -> assertThat(line).startsWith("questions[0].template.regex_checks[0].pattern: invalid regular expression"))
                .anySatisfy(line -> assertThat(line).startsWith("questions[0].template.regex_checks[2]: unknown field \"mode\""));
    }

    @Test
    void templateRoundTripsThroughJson() throws Exception {
        AnswerTemplate template = template("composition: {at_least_n: 2}\nregex_checks: [{pattern: x, must: not_match}]");
        AnswerTemplate back = Json.mapper().readValue(Json.write(template), AnswerTemplate.class);
        assertThat(back).isEqualTo(template);
        assertThat(Json.write(template(""))).doesNotContain("composition").doesNotContain("regex_checks");
    }
}
