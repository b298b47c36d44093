package dev.assay.parsing.service;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.json.Json;
import dev.assay.common.pipeline.JudgeCheck;
import dev.assay.common.port.MalformedResponseException;
import dev.assay.core.llm.JsonAnswers;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class JudgePromptsTest {

    @Test
    void theJudgeSeesQuestionAndResponseEachInItsOwnTag() {
        assertThat(JudgeInput.of("  Why?\n", "Because.\n\n")).isEqualTo("""
                <question>
                Why?
                </question>

                <response>
                Because.
                </response>""");
        assertThat(JudgeInput.of("Why?", null)).endsWith("<response>\n\n</response>");
    }

    @Test
    void theAbstentionSchemaRequiresReasoningAndTheVerdict() {
        JsonNode schema = AbstentionPrompt.schema();

        assertThat(schema.get("required")).extracting(JsonNode::asText).containsExactly("reasoning", "abstention_detected");
        assertThat(schema.at("/properties/reasoning/type").asText()).isEqualTo("string");
        assertThat(schema.at("/properties/abstention_detected/type").asText()).isEqualTo("boolean");
        assertThat(schema.get("additionalProperties").asBoolean(true)).isFalse();

        JudgeCheck check = AbstentionPrompt.verdict(JsonAnswers.read(
                "{\"reasoning\": \"It refuses.\", \"abstention_detected\": true}", schema));
        assertThat(check).isEqualTo(new JudgeCheck(true, "It refuses."));
        assertThatThrownBy(() -> JsonAnswers.read("{\"reasoning\": \"It refuses.\"}", schema))
                .isInstanceOf(MalformedResponseException.class);
        assertThatThrownBy(() -> JsonAnswers.read("{\"reasoning\": \"x\", \"abstention_detected\": \"yes\"}", schema))
                .isInstanceOf(MalformedResponseException.class);
    }

    @Test
    void theSchemaHandedOutIsACopy() {
        ((com.fasterxml.jackson.databind.node.ObjectNode) AbstentionPrompt.schema()).remove("required");
        assertThat(AbstentionPrompt.schema().has("required")).isTrue();
        assertThat(Json.write(AbstentionPrompt.schema())).contains("abstention_detected");
    }

    @Test
    void theParsingPromptForbidsOutsideKnowledgeAndAsksForNullWhenAbsent() {
        assertThat(ParsingPrompt.SYSTEM).contains("Do not use outside knowledge").contains("use null");
        assertThat(ParsingPrompt.user("Q?", "A.")).isEqualTo(JudgeInput.of("Q?", "A."));
    }
}
