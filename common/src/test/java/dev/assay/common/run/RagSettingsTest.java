package dev.assay.common.run;

import dev.assay.common.prompt.rag.RagSettings;
import dev.assay.common.validation.Problems;
import dev.assay.common.validation.ValidationError;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class RagSettingsTest {

    private static List<String> errors(RagSettings settings) {
        Problems problems = new Problems();
        settings.validate("config.rag", problems);
        return problems.errors().stream().map(ValidationError::toString).toList();
    }

    @Test
    void knownVariantsAndDefaultsAreValid() {
        assertThat(errors(RagSettings.DEFAULTS)).isEmpty();
        assertThat(errors(new RagSettings("citation", 5000, true))).isEmpty();
        assertThat(errors(new RagSettings("anti_prior", null, false))).isEmpty();
    }

    @Test
    void anUnknownVariantIsNamedWithTheValidOnes() {
        assertThat(errors(new RagSettings("citaton", null, null))).containsExactly(
                "config.rag.variant: unknown prompt variant \"citaton\" (did you mean \"citation\"?); valid variants: "
                        + "baseline, strict, citation, anti_prior, shouting");
    }

    @Test
    void citationCannotBeUnnumberedAndTheBudgetMustBePositive() {
        assertThat(errors(new RagSettings("citation", 0, false))).containsExactly(
                "config.rag.budget_chars: must be at least 1, got 0",
                "config.rag.numbered: cannot be false with variant citation: its instructions cite passages by their [P1] labels");
    }
}
