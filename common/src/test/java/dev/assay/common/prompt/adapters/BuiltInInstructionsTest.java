package dev.assay.common.prompt.adapters;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.json.Json;
import dev.assay.common.message.Message;
import dev.assay.common.port.PortCapabilities;
import dev.assay.common.prompt.AdapterInstructionRegistry;
import dev.assay.common.prompt.AssembledText;
import dev.assay.common.prompt.InstructionContext;
import dev.assay.common.prompt.PromptAssembler;
import dev.assay.common.prompt.PromptTask;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The registrations openai, anthropic and manual bring, as the services see them (global registry). */
class BuiltInInstructionsTest {

    private static final String SCHEMA_JSON = "{\"type\":\"object\",\"properties\":{\"dose_mg\":{\"type\":\"number\"}},\"required\":[\"dose_mg\"]}";

    private static AssembledText assemble(String iface, PromptTask task, Map<String, Object> context) {
        return new PromptAssembler(task, iface, PortCapabilities.DEFAULT).assembleText("SYS", "USR", null, context);
    }

    @Test
    void openaiParsingGetsTheSchemaAndFormatInstructions() throws Exception {
        JsonNode schema = Json.mapper().readTree(SCHEMA_JSON);
        AssembledText text = assemble("openai", PromptTask.PARSING, Map.of(
                InstructionContext.JSON_SCHEMA, schema,
                InstructionContext.FORMAT_INSTRUCTIONS, "Use numbers without units."));

        assertThat(text.system()).startsWith("SYS\n\n" + OpenAiInstructions.SCHEMA_PREAMBLE);
        assertThat(text.system()).contains("<json_schema>\n" + Json.writePretty(schema) + "\n</json_schema>");
        assertThat(text.system()).endsWith("</json_schema>\n\nUse numbers without units.");
        assertThat(text.user()).isEqualTo("USR\n\n" + OpenAiInstructions.USER_REMINDER);
    }

    @Test
    void openaiAcceptsTheSchemaAsTextOrMapToo() {
        AssembledText fromText = assemble("openai", PromptTask.RUBRIC_LLM_TRAIT_BATCH, Map.of(InstructionContext.JSON_SCHEMA, SCHEMA_JSON));
        assertThat(fromText.system()).contains(SCHEMA_JSON);
        AssembledText fromMap = assemble("openai", PromptTask.DJ_TEMPLATE_REASONING, Map.of(InstructionContext.JSON_SCHEMA, Map.of("type", "object")));
        assertThat(fromMap.system()).contains("\"type\" : \"object\"");
    }

    @Test
    void openaiToleratesAMissingSchema() {
        assertThat(assemble("openai", PromptTask.PARSING, Map.of())).isEqualTo(new AssembledText("SYS", "USR"));
        AssembledText formatOnly = assemble("openai", PromptTask.PARSING, Map.of(InstructionContext.FORMAT_INSTRUCTIONS, "F"));
        assertThat(formatOnly).isEqualTo(new AssembledText("SYS\n\nF", "USR"));
    }

    @ParameterizedTest
    @EnumSource(PromptTask.class)
    void openaiAddsTheSchemaExactlyToTasksExpectingJson(PromptTask task) {
        AssembledText text = assemble("openai", task, Map.of(InstructionContext.JSON_SCHEMA, SCHEMA_JSON));
        assertThat(text.system().contains(SCHEMA_JSON)).isEqualTo(task.expectsStructuredOutput());
    }

    @Test
    void parsingRubricAndDeepJudgmentFamiliesAreAllCoveredForOpenai() {
        for (PromptTask task : PromptTask.values()) {
            String wire = task.wireValue();
            boolean family = wire.equals("parsing") || wire.startsWith("dj_")
                    || (wire.startsWith("rubric_") && !wire.endsWith("_investigation"));
            if (family) {
                assertThat(AdapterInstructionRegistry.global().lookup("openai", task)).as(wire).isNotEmpty();
            }
        }
    }

    @Test
    void anthropicGetsOnlyTheShortExtractionDirective() {
        AssembledText text = assemble("anthropic", PromptTask.PARSING, Map.of(InstructionContext.JSON_SCHEMA, SCHEMA_JSON));
        assertThat(text).isEqualTo(new AssembledText("SYS\n\n" + AnthropicInstructions.EXTRACTION_DIRECTIVE, "USR"));
        assertThat(assemble("anthropic", PromptTask.GENERATION, Map.of())).isEqualTo(new AssembledText("SYS", "USR"));
    }

    @ParameterizedTest
    @EnumSource(PromptTask.class)
    void manualRegistersNothing(PromptTask task) {
        assertThat(AdapterInstructionRegistry.global().lookup("manual", task)).isEmpty();
        assertThat(assemble("manual", task, Map.of(InstructionContext.JSON_SCHEMA, SCHEMA_JSON)))
                .isEqualTo(new AssembledText("SYS", "USR"));
    }

    @Test
    void generationIsUntouchedForEveryBuiltInInterface() {
        for (String iface : List.of("openai", "anthropic", "manual")) {
            List<Message> messages = new PromptAssembler(PromptTask.GENERATION, iface, PortCapabilities.DEFAULT)
                    .assemble("You are helpful.", "What is 2+2?", null, Map.of(InstructionContext.JSON_SCHEMA, SCHEMA_JSON));
            assertThat(messages).as(iface).containsExactly(Message.system("You are helpful."), Message.user("What is 2+2?"));
        }
    }
}
