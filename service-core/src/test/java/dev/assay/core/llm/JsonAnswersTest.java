package dev.assay.core.llm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.assay.common.json.Json;
import dev.assay.common.port.MalformedResponseException;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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
    void booleansAreReadAsPydanticReadsThemInLaxMode() {
        // pydantic-core's str_as_bool / int_as_bool: these words in any case, and the numbers 1 and 0
        Map<String, Boolean> readings = new LinkedHashMap<>();
        for (String yes : List.of("\"yes\"", "\"Yes\"", "\"TRUE\"", "\"true\"", "\"1\"", "\" on \"", "\"t\"", "\"Y\"", "1", "1.0")) {
            readings.put(yes, true);
        }
        for (String no : List.of("\"no\"", "\"NO\"", "\"false\"", "\"0\"", "\"off\"", "\"f\"", "\"n\"", "0", "0.0")) {
            readings.put(no, false);
        }
        readings.forEach((given, expected) -> {
            JsonAnswers.Answer answer = JsonAnswers.answer(answerWith("\"correct\": " + given), SCHEMA);
            assertThat(answer.value().get("correct").isBoolean()).as(given).isTrue();
            assertThat(answer.value().get("correct").booleanValue()).as(given).isEqualTo(expected);
            assertThat(answer.coercions()).as(given).containsExactly("correct: " + given.replace(".0", "") + " read as " + expected);
        });
    }

    @Test
    void numbersAndTextAreReadAsPydanticReadsThemInLaxMode() {
        JsonAnswers.Answer answer = JsonAnswers.answer("""
                {"count": 3.0, "share": "2.5", "correct": true, "name": 42, "tags": [], "scores": []}""", SCHEMA);

        assertThat(answer.value().get("count").isIntegralNumber()).isTrue();
        assertThat(answer.value().get("count").asInt()).isEqualTo(3);
        assertThat(answer.value().get("share").decimalValue()).isEqualByComparingTo("2.5");
        assertThat(answer.value().get("name").asText()).isEqualTo("42");
        assertThat(answer.coercions()).containsExactly("count: the decimal 3 read as the integer 3", "share: \"2.5\" read as 2.5", "name: 42 read as \"42\"");
        assertThat(JsonAnswers.answer(answerWith("\"count\": \"7.0\""), SCHEMA).value().get("count").asInt()).isEqualTo(7);
        assertThat(JsonAnswers.answer(answerWith("\"correct\": true"), SCHEMA).coercions()).as("a valid answer is not coerced").isEmpty();
    }

    @Test
    void whatNeedsInterpretationStaysMalformedNamingTheValue() {
        // "maybe" and 2 for a boolean, "about 8" and "8.5" for an integer, "8 people" for a number, true for a number or
        // text need reading, not coercing: the judge is asked again, told which value has no single reading
        Map<String, String> refused = new LinkedHashMap<>();
        refused.put("\"correct\": \"maybe\"", "correct: \"maybe\" is not a boolean (true/false, yes/no, on/off, 1/0)");
        refused.put("\"correct\": 2", "correct: 2 is not a boolean");
        refused.put("\"count\": \"about 8\"", "count: \"about 8\" is not a whole number");
        refused.put("\"count\": \"8.5\"", "count: \"8.5\" is not a whole number");
        refused.put("\"count\": 8.5", "count: 8.5 is not a whole number");
        refused.put("\"share\": \"8 people\"", "share: \"8 people\" is not a number");
        refused.put("\"share\": true", "share: true is not a number");
        refused.put("\"name\": false", "name: false is not text");
        refused.put("\"tags\": \"red, green\"", "tags: \"red, green\" is one text where a list is asked and may hold several items");
        refused.forEach((field, message) -> assertThatThrownBy(() -> JsonAnswers.read(answerWith(field), SCHEMA)).as(field)
                .isInstanceOf(MalformedResponseException.class)
                .hasMessageContaining("does not match the schema")
                .hasMessageContaining(message));
    }

    /** A valid answer with one field replaced. */
    private static String answerWith(String field) {
        JsonNode valid = Json.read("{\"count\": 1, \"share\": 1, \"correct\": true, \"name\": \"x\", \"tags\": [], \"scores\": []}",
                JsonNode.class);
        JsonNode replacement = Json.read("{" + field + "}", JsonNode.class);
        ((ObjectNode) valid).setAll((ObjectNode) replacement);
        return Json.write(valid);
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
