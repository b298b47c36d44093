package dev.assay.stage.rubric.dynamic;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.assay.common.benchmark.RubricTrait;
import dev.assay.common.port.MalformedResponseException;
import dev.assay.common.prompt.judge.PresencePrompt;
import dev.assay.common.prompt.judge.PresenceSchema;
import dev.assay.core.llm.JsonAnswers;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The presence check's prompt and schema: one concept per dynamic trait, the summary when there is one. */
class PresencePartsTest {

    private static final List<RubricTrait> DYNAMIC = List.of(
            RubricTrait.booleanTrait("dosage_safe", "Gives a safe dose.").withSummary("medication dosage"),
            RubricTrait.scoreTrait("code_quality", "How good the code is.", 1, 5, true));

    @Test
    void thePromptListsEachTraitsConcept() {
        assertThat(PresencePrompt.user("Q?", "R.", DYNAMIC)).endsWith("""
                <concepts>
                - dosage_safe: medication dosage
                - code_quality: How good the code is.
                </concepts>""");
        assertThat(PresencePrompt.SYSTEM).contains("Answer every concept");
    }

    @Test
    void theSchemaHasOneRequiredBooleanPerTrait() {
        ObjectNode schema = PresenceSchema.of(DYNAMIC);

        assertThat(schema.get("properties").fieldNames()).toIterable().containsExactly("dosage_safe", "code_quality");
        assertThat(schema.at("/properties/dosage_safe/type").asText()).isEqualTo("boolean");
        assertThat(schema.at("/properties/dosage_safe/description").asText()).isEqualTo("whether the response is about: medication dosage");
        assertThat(schema.get("required")).extracting(JsonNode::asText).containsExactly("dosage_safe", "code_quality");
        assertThat(JsonAnswers.read("{\"dosage_safe\": true, \"code_quality\": false}", schema)).isNotNull();
        assertThatThrownBy(() -> JsonAnswers.read("{\"dosage_safe\": true}", schema)).isInstanceOf(MalformedResponseException.class);
    }
}
