package dev.assay.stage.rubric.trait;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.assay.common.benchmark.RubricTrait;
import dev.assay.common.port.MalformedResponseException;
import dev.assay.common.prompt.judge.TraitSchemas;
import dev.assay.core.llm.JsonAnswers;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.assay.stage.rubric.trait.TestTraits.CLARITY;
import static dev.assay.stage.rubric.trait.TestTraits.POLITE;
import static dev.assay.stage.rubric.trait.TestTraits.TONE;
import static dev.assay.stage.rubric.trait.TestTraits.VERBOSITY;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The schemas the judge fills: what they allow is what the gateway accepts before any repair. */
class TraitSchemasTest {

    @Test
    void aScoreIsAnIntegerBoundedByTheTraitsRange() {
        ObjectNode schema = TraitSchemas.single(VERBOSITY);

        assertThat(schema.at("/properties/score/type").asText()).isEqualTo("integer");
        assertThat(schema.at("/properties/score/minimum").asInt()).isEqualTo(0);
        assertThat(schema.at("/properties/score/maximum").asInt()).isEqualTo(10);
        assertThat(schema.at("/properties/score/description").asText()).contains("0 to 10").contains("lower is better");
        assertThat(TraitSchemas.single(CLARITY).at("/properties/score/maximum").asInt()).isEqualTo(5);

        assertThat(JsonAnswers.read("{\"reasoning\": \"r\", \"score\": 10}", schema).get("score").asInt()).isEqualTo(10);
        assertThatThrownBy(() -> JsonAnswers.read("{\"reasoning\": \"r\", \"score\": 11}", schema))
                .isInstanceOf(MalformedResponseException.class);
        assertThatThrownBy(() -> JsonAnswers.read("{\"reasoning\": \"r\", \"score\": -1}", schema))
                .isInstanceOf(MalformedResponseException.class);
    }

    @Test
    void aLiteralIsAnEnumOfItsClassNamesInOrder() {
        ObjectNode schema = TraitSchemas.single(TONE);

        assertThat(schema.at("/properties/class/type").asText()).isEqualTo("string");
        assertThat(schema.at("/properties/class/enum")).extracting(JsonNode::asText).containsExactly("formal", "neutral", "casual");
        assertThat(schema.get("required")).extracting(JsonNode::asText).containsExactly("reasoning", "class");

        assertThat(JsonAnswers.read("{\"reasoning\": \"r\", \"class\": \"neutral\"}", schema)).isNotNull();
        assertThatThrownBy(() -> JsonAnswers.read("{\"reasoning\": \"r\", \"class\": \"sarcastic\"}", schema))
                .isInstanceOf(MalformedResponseException.class);
    }

    @Test
    void aBatchMixesBooleanAndScoreTraitsEachWithItsOwnValue() {
        ObjectNode schema = TraitSchemas.batch(List.of(POLITE, CLARITY));

        assertThat(schema.at("/properties/polite/properties/verdict/type").asText()).isEqualTo("boolean");
        assertThat(schema.at("/properties/clarity/properties/score/type").asText()).isEqualTo("integer");
        assertThat(schema.at("/properties/clarity/description").asText()).isEqualTo("How clear it is.");
        // a batch property is the one-trait schema plus the trait's description
        ObjectNode single = TraitSchemas.single(CLARITY);
        single.put("description", "How clear it is.");
        assertThat(schema.at("/properties/clarity")).isEqualTo(single);

        String valid = "{\"polite\": {\"reasoning\": \"r\", \"verdict\": true}, \"clarity\": {\"reasoning\": \"r\", \"score\": 3}}";
        assertThat(JsonAnswers.read(valid, schema).at("/clarity/score").asInt()).isEqualTo(3);
        assertThatThrownBy(() -> JsonAnswers.read(valid.replace("3}", "6}"), schema)).isInstanceOf(MalformedResponseException.class);
        assertThatThrownBy(() -> JsonAnswers.read(valid.replace("\"reasoning\": \"r\", \"score\"", "\"score\""), schema))
                .isInstanceOf(MalformedResponseException.class);
    }
}
