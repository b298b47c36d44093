package dev.assay.core.llm;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.json.Json;
import dev.assay.common.port.MalformedResponseException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class JsonAnswersTest {

    private static final JsonNode SCHEMA = Json.read("""
            {"type": "object",
             "properties": {
               "count": {"type": ["integer", "null"]},
               "share": {"type": ["number", "null"]},
               "correct": {"type": ["boolean", "null"]},
               "name": {"type": ["string", "null"]},
               "tags": {"type": ["array", "null"], "items": {"type": "string"}},
               "scores": {"type": ["array", "null"], "items": {"type": "number"}}},
             "required": ["count", "share", "correct", "name", "tags", "scores"],
             "additionalProperties": false}""", JsonNode.class);

    @Test
    void aValidAnswerIsReturnedAsIs() {
        JsonNode answer = JsonAnswers.read("""
                {"count": 8, "share": 2, "correct": true, "name": "8", "tags": ["a"], "scores": [1.5]}""", SCHEMA);
        assertThat(answer.get("count").asInt()).isEqualTo(8);
        assertThat(answer.get("name").isTextual()).isTrue();
    }

    @Test
    void obviousTypeSlipsAreCoercedPerTheSchema() {
        JsonNode answer = JsonAnswers.read("""
                Here it is: {"count": " 8 ", "share": "2.5e1", "correct": "False", "name": "8", "tags": "solo", "scores": "3"}""",
                SCHEMA);

        assertThat(answer.get("count").isIntegralNumber()).isTrue();
        assertThat(answer.get("count").asInt()).isEqualTo(8);
        assertThat(answer.get("share").isNumber()).isTrue();
        assertThat(answer.get("share").decimalValue()).isEqualByComparingTo("25");
        assertThat(answer.get("correct").isBoolean()).isTrue();
        assertThat(answer.get("correct").asBoolean()).isFalse();
        // a string field keeps its string, even one that looks like a number
        assertThat(answer.get("name").asText()).isEqualTo("8");
        assertThat(Json.write(answer.get("tags"))).isEqualTo("[\"solo\"]");
        assertThat(answer.get("scores").get(0).decimalValue()).isEqualByComparingTo("3");
    }

    @Test
    void listItemsAndNullsAreCoercedOrLeftAlone() {
        JsonNode answer = JsonAnswers.read("""
                {"count": null, "share": null, "correct": "true", "name": null, "tags": null, "scores": ["1", 2, "-0.5"]}""", SCHEMA);
        assertThat(answer.get("count").isNull()).isTrue();
        assertThat(answer.get("correct").asBoolean()).isTrue();
        assertThat(answer.get("scores")).allSatisfy(score -> assertThat(score.isNumber()).isTrue());
        assertThat(answer.get("scores").get(2).decimalValue()).isEqualByComparingTo("-0.5");
    }

    @Test
    void whatNeedsInterpretationStaysMalformed() {
        // "yes", "about 8", "8.5" for an integer and "8 people" need reading, not coercing: the judge is asked again instead
        for (String answer : new String[] {
                "{\"count\": 1, \"share\": 1, \"correct\": \"yes\", \"name\": \"x\", \"tags\": [], \"scores\": []}",
                "{\"count\": \"about 8\", \"share\": 1, \"correct\": true, \"name\": \"x\", \"tags\": [], \"scores\": []}",
                "{\"count\": \"8.5\", \"share\": 1, \"correct\": true, \"name\": \"x\", \"tags\": [], \"scores\": []}",
                "{\"count\": 1, \"share\": \"8 people\", \"correct\": true, \"name\": \"x\", \"tags\": [], \"scores\": []}"}) {
            assertThatThrownBy(() -> JsonAnswers.read(answer, SCHEMA)).as(answer)
                    .isInstanceOf(MalformedResponseException.class)
                    .hasMessageContaining("does not match the schema");
        }
    }

    @Test
    void missingFieldsAndUnknownFieldsAreNotCoercedAway() {
        assertThatThrownBy(() -> JsonAnswers.read("{\"count\": \"8\"}", SCHEMA))
                .isInstanceOf(MalformedResponseException.class);
        assertThatThrownBy(() -> JsonAnswers.read("""
                {"count": 1, "share": 1, "correct": true, "name": "x", "tags": [], "scores": [], "extra": 1}""", SCHEMA))
                .isInstanceOf(MalformedResponseException.class);
    }

    @Test
    void theMalformedAnswerKeepsTheRawText() {
        String raw = "I think the answer is eight.";
        assertThatThrownBy(() -> JsonAnswers.read(raw, SCHEMA))
                .isInstanceOfSatisfying(MalformedResponseException.class, e -> assertThat(e.rawContent()).isEqualTo(raw));
    }

    @Test
    void readingLooselyFixesTypeSlipsButAcceptsWhatTheSchemaRejects() {
        // what a caller salvages from an answer that failed validation: the usable parts still read
        JsonNode answer = JsonAnswers.readLoosely("```json\n{\"count\": \"8\", \"extra\": 1}\n```", SCHEMA);

        assertThat(answer.get("count").isIntegralNumber()).isTrue();
        assertThat(answer.get("extra").asInt()).isEqualTo(1);
        assertThatThrownBy(() -> JsonAnswers.readLoosely("no JSON here", SCHEMA))
                .isInstanceOf(MalformedResponseException.class).hasMessageContaining("no JSON object");
    }
}
