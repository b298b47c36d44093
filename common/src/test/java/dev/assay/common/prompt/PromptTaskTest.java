package dev.assay.common.prompt;

import dev.assay.common.json.Json;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PromptTaskTest {

    @Test
    void wireValuesAreExactlyTheTasksOfTheDesign() {
        assertThat(PromptTask.wireValues()).containsExactly(
                "generation", "parsing", "agentic_parsing_investigation", "agentic_parsing_extraction",
                "abstention_detection", "sufficiency_detection", "rubric_llm_trait_batch", "rubric_llm_trait_single",
                "rubric_literal_trait_batch", "rubric_literal_trait_single", "rubric_metric_trait",
                "rubric_agentic_trait_investigation", "rubric_agentic_trait_extraction",
                "dj_template_excerpt_extraction", "dj_template_hallucination", "dj_template_reasoning",
                "dj_rubric_excerpt_extraction", "dj_rubric_hallucination", "dj_rubric_reasoning",
                "dj_rubric_score_extraction", "rubric_dynamic_presence_check", "nugget_assignment");
    }

    @Test
    void wireValueRoundTripsThroughJsonAndFromWire() {
        for (PromptTask task : PromptTask.values()) {
            assertThat(PromptTask.fromWire(task.wireValue())).isEqualTo(task);
            assertThat(Json.write(task)).isEqualTo("\"" + task.wireValue() + "\"");
            assertThat(Json.read(Json.write(task), PromptTask.class)).isEqualTo(task);
        }
    }

    @Test
    void unknownTaskSuggestsTheClosestAndListsAll() {
        assertThatThrownBy(() -> PromptTask.fromWire("parsng"))
                .hasMessageContaining("\"parsng\"")
                .hasMessageContaining("did you mean \"parsing\"")
                .hasMessageContaining("nugget_assignment");
    }

    @Test
    void freeFormTasksDoNotExpectStructuredOutput() {
        assertThat(PromptTask.GENERATION.expectsStructuredOutput()).isFalse();
        assertThat(PromptTask.AGENTIC_PARSING_INVESTIGATION.expectsStructuredOutput()).isFalse();
        assertThat(PromptTask.RUBRIC_AGENTIC_TRAIT_INVESTIGATION.expectsStructuredOutput()).isFalse();
        assertThat(PromptTask.NUGGET_ASSIGNMENT.expectsStructuredOutput()).isFalse();
        assertThat(PromptTask.PARSING.expectsStructuredOutput()).isTrue();
        assertThat(PromptTask.DJ_RUBRIC_SCORE_EXTRACTION.expectsStructuredOutput()).isTrue();
    }
}
