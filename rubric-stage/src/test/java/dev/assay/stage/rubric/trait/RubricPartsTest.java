package dev.assay.stage.rubric.trait;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.assay.common.benchmark.RubricTrait;
import dev.assay.common.pipeline.TraitScore;
import dev.assay.common.port.MalformedResponseException;
import dev.assay.common.prompt.judge.TraitPrompt;
import dev.assay.common.prompt.judge.TraitSchemas;
import dev.assay.core.llm.JsonAnswers;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The rubric stage's pure parts: regex traits, the batched-trait schema, the prompt text. */
class RubricPartsTest {

    private static RubricTrait regex(String pattern, Boolean caseSensitive, Boolean invert) {
        return RubricTrait.regexTrait("t", pattern, caseSensitive, invert);
    }

    @Test
    void aRegexTraitSearchesAnywhereInTheResponse() {
        assertThat(RegexTraitEvaluator.score(regex("\\d+ mg", null, null), "Take 200 mg twice a day.").passed()).isTrue();
        // search, not a full match
        assertThat(RegexTraitEvaluator.score(regex("mg", null, null), "Take 200 mg.").passed()).isTrue();
        assertThat(RegexTraitEvaluator.score(regex("^mg$", null, null), "Take 200 mg.").passed()).isFalse();
        assertThat(RegexTraitEvaluator.score(regex("\\d+ mg", null, null), "Take some.")).isEqualTo(
                new TraitScore("t", "regex", false, null, null, null));
    }

    @Test
    void caseSensitivityIsTheDefaultAndCanBeTurnedOff() {
        assertThat(RegexTraitEvaluator.score(regex("paris", null, null), "PARIS").passed()).isFalse();
        assertThat(RegexTraitEvaluator.score(regex("paris", true, null), "PARIS").passed()).isFalse();
        assertThat(RegexTraitEvaluator.score(regex("paris", false, null), "PARIS").passed()).isTrue();
        assertThat(RegexTraitEvaluator.score(regex("é", false, null), "CAFÉ").passed()).isTrue();
    }

    @Test
    void invertMakesAMatchAFailure() {
        assertThat(RegexTraitEvaluator.score(regex("sorry", false, true), "Sorry, I cannot.").passed()).isFalse();
        assertThat(RegexTraitEvaluator.score(regex("sorry", false, true), "Paris.").passed()).isTrue();
        assertThat(RegexTraitEvaluator.score(regex("sorry", false, false), "Paris.").passed()).isFalse();
    }

    @Test
    void anUnusablePatternIsATraitErrorNotAnException() {
        TraitScore broken = RegexTraitEvaluator.score(regex("(unclosed", null, null), "text");
        assertThat(broken.passed()).isNull();
        assertThat(broken.error()).startsWith("invalid regular expression: ");
        assertThat(RegexTraitEvaluator.score(regex(null, null, null), "text").error()).isEqualTo("the trait has no pattern");
        assertThat(RegexTraitEvaluator.score(regex("x", null, null), null).passed()).isFalse();
    }

    @Test
    void theBatchSchemaHasOneRequiredAnswerPerTraitAndNothingElse() {
        List<RubricTrait> traits = List.of(RubricTrait.booleanTrait("cites_source", "Names a source."),
                RubricTrait.booleanTrait("is polite", "Is polite."));

        ObjectNode schema = TraitSchemas.batch(traits);

        assertThat(schema.get("type").asText()).isEqualTo("object");
        assertThat(schema.get("properties").fieldNames()).toIterable().containsExactly("cites_source", "is polite");
        assertThat(schema.at("/properties/cites_source/description").asText()).isEqualTo("Names a source.");
        // each trait: its reasoning first, then its verdict
        assertThat(schema.at("/properties/cites_source/properties").fieldNames()).toIterable().containsExactly("reasoning", "verdict");
        assertThat(schema.at("/properties/cites_source/properties/verdict/type").asText()).isEqualTo("boolean");
        assertThat(schema.at("/properties/cites_source/required")).extracting(JsonNode::asText).containsExactly("reasoning", "verdict");
        assertThat(schema.get("required")).extracting(JsonNode::asText).containsExactly("cites_source", "is polite");
        assertThat(schema.get("additionalProperties").asBoolean(true)).isFalse();
        assertThat(schema.at("/properties/cites_source/additionalProperties").asBoolean(true)).isFalse();

        // and it is what the gateway validates the judge's answer against
        String yes = "{\"reasoning\": \"r\", \"verdict\": true}";
        String no = "{\"reasoning\": \"r\", \"verdict\": false}";
        assertThat(JsonAnswers.read("{\"cites_source\": " + yes + ", \"is polite\": " + no + "}", schema)
                .at("/is polite/verdict").asBoolean()).isFalse();
        assertThatThrownBy(() -> JsonAnswers.read("{\"cites_source\": " + yes + "}", schema)).isInstanceOf(MalformedResponseException.class);
        // a verdict "yes" has one reading (Pydantic's lax mode); "maybe" has none
        assertThat(JsonAnswers.read("{\"cites_source\": {\"reasoning\": \"r\", \"verdict\": \"yes\"}, \"is polite\": "
                + yes + "}", schema).at("/cites_source/verdict").asBoolean()).isTrue();
        assertThatThrownBy(() -> JsonAnswers.read("{\"cites_source\": {\"reasoning\": \"r\", \"verdict\": \"maybe\"}, \"is polite\": "
                + yes + "}", schema)).isInstanceOf(MalformedResponseException.class)
                .hasMessageContaining("cites_source.verdict: \"maybe\" is not a boolean");
        assertThatThrownBy(() -> JsonAnswers.read("{\"cites_source\": " + yes + ", \"is polite\": " + yes + ", \"extra\": 1}", schema))
                .isInstanceOf(MalformedResponseException.class);
        assertThatThrownBy(() -> JsonAnswers.read("{\"cites_source\": true, \"is polite\": " + yes + "}", schema))
                .isInstanceOf(MalformedResponseException.class);
    }

    @Test
    void theBatchPromptListsEveryTraitWithItsDescription() {
        String user = TraitPrompt.batch(" Q? ", "R.", List.of(RubricTrait.booleanTrait("a", "First."),
                RubricTrait.booleanTrait("b", "Second.")));

        assertThat(user).isEqualTo("""
                <question>
                Q?
                </question>

                <response>
                R.
                </response>

                <traits>
                - a (true or false): First.
                - b (true or false): Second.
                </traits>""");
        assertThat(TraitPrompt.LLM_BATCH).contains("do not use outside knowledge").contains("short reasoning");
    }
}
