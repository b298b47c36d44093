package dev.assay.common.prompt.judge;

import dev.assay.common.benchmark.RubricTrait;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.assay.common.prompt.judge.TraitAnswerTest.CLARITY;
import static dev.assay.common.prompt.judge.TraitAnswerTest.POLITE;
import static dev.assay.common.prompt.judge.TraitAnswerTest.TONE;
import static dev.assay.common.prompt.judge.TraitAnswerTest.VERBOSITY;
import static org.assertj.core.api.Assertions.assertThat;

/** What the judge is told about each trait: its kind of value, a score's range and direction, a literal's classes. */
class TraitPromptTest {

    @Test
    void scoreTraitsShowTheirRangeAndWhetherHigherIsBetter() {
        String user = TraitPrompt.batch("Q?", "R.", List.of(POLITE, CLARITY, VERBOSITY));

        assertThat(user).endsWith("""
                <traits>
                - polite (true or false): Is polite.
                - clarity (score 1 to 5, higher is better): How clear it is.
                - verbosity (score 0 to 10, lower is better): How wordy it is.
                </traits>""");
    }

    @Test
    void literalTraitsListTheirClassesWithDescriptionsInOrder() {
        String user = TraitPrompt.batch("Q?", "R.", List.of(TONE));

        assertThat(user).endsWith("""
                <traits>
                - tone (one of the classes below): The register.
                  - formal: Formal register.
                  - neutral: Neither formal nor casual.
                  - casual: Everyday register.
                </traits>""");
    }

    @Test
    void aOneTraitCallShowsQuestionResponseAndTheTrait() {
        String user = TraitPrompt.single(" Q? ", "\nR.\n", RubricTrait.scoreTrait("depth", " Goes deep. ", 1, 3, true));

        assertThat(user).isEqualTo("""
                <question>
                Q?
                </question>

                <response>
                R.
                </response>

                <trait>
                - depth (score 1 to 3, higher is better): Goes deep.
                </trait>""");
    }

    @Test
    void theSystemPromptsSayHowToAnswer() {
        for (String system : List.of(TraitPrompt.LLM_BATCH, TraitPrompt.LLM_SINGLE, TraitPrompt.LITERAL_BATCH, TraitPrompt.LITERAL_SINGLE)) {
            assertThat(system).as(system).contains("short reasoning").contains("do not use outside knowledge")
                    .doesNotContain("%s").doesNotContain("  ");
        }
        assertThat(TraitPrompt.LLM_BATCH).contains("whole number within its range").contains("Answer every trait");
        assertThat(TraitPrompt.LLM_SINGLE).contains("one trait").doesNotContain("Answer every trait");
        assertThat(TraitPrompt.LITERAL_BATCH).contains("one class whose description fits").contains("Answer every trait");
        assertThat(TraitPrompt.LITERAL_SINGLE).contains("one trait").doesNotContain("Answer every trait");
    }
}
