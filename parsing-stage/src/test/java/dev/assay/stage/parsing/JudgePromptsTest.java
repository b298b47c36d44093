package dev.assay.stage.parsing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.assay.common.benchmark.AnswerTemplate;
import dev.assay.common.benchmark.FieldType;
import dev.assay.common.benchmark.TemplateField;
import dev.assay.common.json.Json;
import dev.assay.common.pipeline.JudgeCheck;
import dev.assay.common.port.MalformedResponseException;
import dev.assay.common.prompt.judge.AbstentionPrompt;
import dev.assay.common.prompt.judge.JudgeInput;
import dev.assay.common.prompt.judge.ParsingPrompt;
import dev.assay.common.prompt.judge.SemanticPrompt;
import dev.assay.common.prompt.judge.SufficiencyPrompt;
import dev.assay.common.template.primitive.SemanticJudge;
import dev.assay.core.llm.JsonAnswers;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.Map;

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
        // "yes" has one reading, as in Pydantic's lax mode; "maybe" has none
        assertThat(AbstentionPrompt.verdict(JsonAnswers.read("{\"reasoning\": \"x\", \"abstention_detected\": \"yes\"}", schema)))
                .isEqualTo(new JudgeCheck(true, "x"));
        assertThatThrownBy(() -> JsonAnswers.read("{\"reasoning\": \"x\", \"abstention_detected\": \"maybe\"}", schema))
                .isInstanceOf(MalformedResponseException.class).hasMessageContaining("abstention_detected: \"maybe\" is not a boolean");
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

    @Test
    void theSufficiencyJudgeSeesTheFieldsButNeverTheGroundTruth() {
        Map<String, TemplateField> fields = new LinkedHashMap<>();
        fields.put("city", new TemplateField(FieldType.STRING, " The city named. ", TextNode.valueOf("Paris"), null, null, null, null, null));
        fields.put("count", new TemplateField(FieldType.INTEGER, "How many.", IntNode.valueOf(42), true, null, null, null, null));

        String user = SufficiencyPrompt.user("Q?", "A.", new AnswerTemplate(fields));

        assertThat(user).isEqualTo(JudgeInput.of("Q?", "A.") + """


                <template_fields>
                - city (string): The city named.
                - count (integer): How many.
                </template_fields>""");
        assertThat(user).doesNotContain("Paris").doesNotContain("42");
        JsonNode schema = SufficiencyPrompt.schema();
        assertThat(schema.get("required")).extracting(JsonNode::asText).containsExactly("reasoning", "insufficiency_detected");
        assertThat(SufficiencyPrompt.verdict(JsonAnswers.read("{\"reasoning\": \"r\", \"insufficiency_detected\": \"true\"}", schema)))
                .isEqualTo(new JudgeCheck(true, "r"));
    }

    @Test
    void theSemanticJudgeComparesTheParsedValueWithTheGroundTruth() {
        TemplateField field = new TemplateField(FieldType.LIST, "Symptoms named.", Json.read("[\"fever\", \"cough\"]", JsonNode.class),
                null, null, FieldType.STRING, null, null);

        String user = SemanticPrompt.user("symptoms", field, Json.read("[\"cough\", \"pyrexia\"]", JsonNode.class));

        assertThat(user).isEqualTo("""
                <field>
                symptoms: Symptoms named.
                </field>

                <expected>
                ["fever","cough"]
                </expected>

                <given>
                ["cough","pyrexia"]
                </given>""");
        assertThat(SemanticPrompt.user("d", field, null)).contains("<given>\nnull\n</given>");
        JsonNode schema = SemanticPrompt.schema();
        assertThat(schema.get("required")).extracting(JsonNode::asText).containsExactly("reasoning", "equivalent");
        assertThat(SemanticPrompt.decision(JsonAnswers.read("{\"reasoning\": \"same\", \"equivalent\": true}", schema)))
                .isEqualTo(new SemanticJudge.Equivalence(true, "same"));
    }
}
