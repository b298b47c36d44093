package dev.assay.common.prompt;

import dev.assay.common.json.Json;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PromptConfigTest {

    /** Each field set to its own name, so a lookup shows which field served. */
    private static final PromptConfig NAMED = new PromptConfig("generation", "parsing", "abstention_detection",
            "sufficiency_detection", "rubric_evaluation", "agentic_parsing", "deep_judgment", "nugget_assignment");

    /** The expected field for each task, written out by hand from DESIGN §3. */
    private static Optional<String> expectedField(PromptTask task) {
        return switch (task) {
            case GENERATION -> Optional.of("generation");
            case PARSING -> Optional.of("parsing");
            case ABSTENTION_DETECTION -> Optional.of("abstention_detection");
            case SUFFICIENCY_DETECTION -> Optional.of("sufficiency_detection");
            case NUGGET_ASSIGNMENT -> Optional.of("nugget_assignment");
            case AGENTIC_PARSING_INVESTIGATION, AGENTIC_PARSING_EXTRACTION -> Optional.of("agentic_parsing");
            case RUBRIC_LLM_TRAIT_BATCH, RUBRIC_LLM_TRAIT_SINGLE, RUBRIC_LITERAL_TRAIT_BATCH,
                 RUBRIC_LITERAL_TRAIT_SINGLE, RUBRIC_METRIC_TRAIT, RUBRIC_AGENTIC_TRAIT_INVESTIGATION,
                 RUBRIC_AGENTIC_TRAIT_EXTRACTION, RUBRIC_DYNAMIC_PRESENCE_CHECK -> Optional.of("rubric_evaluation");
            case DJ_TEMPLATE_EXCERPT_EXTRACTION, DJ_TEMPLATE_HALLUCINATION, DJ_TEMPLATE_REASONING,
                 DJ_RUBRIC_EXCERPT_EXTRACTION, DJ_RUBRIC_HALLUCINATION, DJ_RUBRIC_REASONING,
                 DJ_RUBRIC_SCORE_EXTRACTION -> Optional.of("deep_judgment");
        };
    }

    @ParameterizedTest
    @EnumSource(PromptTask.class)
    void everyTaskFallsBackToItsFamilyField(PromptTask task) {
        assertThat(PromptConfig.fieldFor(task)).isEqualTo(expectedField(task));
        assertThat(NAMED.instructionsFor(task)).isEqualTo(expectedField(task));
    }

    @Test
    void unsetOrBlankFieldsGiveNoInstructions() {
        PromptConfig config = new PromptConfig(null, "   ", null, null, "be strict", null, null, null);
        assertThat(config.instructionsFor(PromptTask.GENERATION)).isEmpty();
        assertThat(config.instructionsFor(PromptTask.PARSING)).isEmpty();
        assertThat(config.instructionsFor(PromptTask.RUBRIC_METRIC_TRAIT)).contains("be strict");
        assertThat(PromptConfig.EMPTY.instructionsFor(PromptTask.DJ_RUBRIC_REASONING)).isEmpty();
    }

    @Test
    void readsYamlConfigAndRoundTripsAsJson() throws Exception {
        String yaml = """
                parsing: Extract doses in milligrams.
                rubric_evaluation: Be strict.
                """;
        PromptConfig config = Json.yaml().readValue(yaml, PromptConfig.class);
        assertThat(config.parsing()).isEqualTo("Extract doses in milligrams.");
        assertThat(config.instructionsFor(PromptTask.RUBRIC_LITERAL_TRAIT_BATCH)).contains("Be strict.");
        String json = Json.write(config);
        assertThat(json).isEqualTo("{\"parsing\":\"Extract doses in milligrams.\",\"rubric_evaluation\":\"Be strict.\"}");
        assertThat(Json.read(json, PromptConfig.class)).isEqualTo(config);
        assertThat(Json.write(NAMED)).contains("\"abstention_detection\"", "\"deep_judgment\"");
        assertThat(Json.read(Json.write(NAMED), PromptConfig.class)).isEqualTo(NAMED);
    }

    @Test
    void unknownFieldsAreRejectedNamingEachOne() {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("parsing", "ok");
        fields.put("rubric", "typo");
        fields.put("extra_stuff", "nope");
        assertThatThrownBy(() -> PromptConfig.fromMap(fields))
                .hasMessageContaining("prompt_config")
                .hasMessageContaining("unknown field \"rubric\"")
                .hasMessageContaining("unknown field \"extra_stuff\"")
                .hasMessageContaining("known fields: generation, parsing");
        assertThatThrownBy(() -> PromptConfig.fromMap(Map.of("parsin", "x")))
                .hasMessageContaining("did you mean \"parsing\"");
    }

    @Test
    void unknownFieldInAFileIsAnErrorThroughJacksonToo() {
        assertThatThrownBy(() -> Json.yaml().readValue("generaton: hi\n", PromptConfig.class))
                .hasMessageContaining("unknown field \"generaton\"")
                .hasMessageContaining("did you mean \"generation\"");
    }

    @Test
    void nonTextValuesAreRejected() {
        assertThatThrownBy(() -> PromptConfig.fromMap(Map.of("parsing", List.of("a"))))
                .hasMessageContaining("parsing: must be text, got a list");
    }
}
