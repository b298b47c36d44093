package dev.assay.common.run;

import dev.assay.common.json.Json;
import dev.assay.common.validation.Problems;
import dev.assay.common.validation.ValidationError;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class FewShotSettingsTest {

    private static final String POOL = """
            examples:
              - {id: capital, question: "Capital of France?", answer: Paris}
              - {id: sum, question: "2+2?", answer: "4"}
            """;

    private static List<String> errors(String yaml) throws Exception {
        // bound without validation, so validate() is what reports
        FewShotSettings settings = Json.yaml().readValue(yaml, FewShotSettings.class);
        Problems problems = new Problems();
        settings.validate("config.few_shot", problems);
        return problems.errors().stream().map(ValidationError::toString).toList();
    }

    @Test
    void eachModeWithWhatItNeedsIsValid() throws Exception {
        assertThat(errors(POOL)).isEmpty();
        assertThat(errors("mode: all\n" + POOL)).isEmpty();
        assertThat(errors("mode: k_shot\nk: 1\nseed: 7\n" + POOL)).isEmpty();
        assertThat(errors("mode: ids\nids: [sum, capital]\n" + POOL)).isEmpty();
    }

    @Test
    void anUnknownModeListsTheValidOnes() throws Exception {
        assertThat(errors("mode: kshot\n" + POOL)).containsExactly(
                "config.few_shot.mode: unknown mode \"kshot\" (did you mean \"k_shot\"?); valid modes: all, k_shot, ids");
    }

    @Test
    void kShotNeedsAPositiveK() throws Exception {
        assertThat(errors("mode: k_shot\n" + POOL)).containsExactly(
                "config.few_shot.k: is required in mode k_shot (how many examples each question gets)");
        assertThat(errors("mode: k_shot\nk: 0\n" + POOL)).containsExactly("config.few_shot.k: must be at least 1, got 0");
    }

    @Test
    void idsModeNeedsIdsThatAreInThePool() throws Exception {
        assertThat(errors("mode: ids\n" + POOL)).containsExactly(
                "config.few_shot.ids: is required in mode ids (which pool examples to show)");
        assertThat(errors("mode: ids\nids: [sum, captial, sum]\n" + POOL)).containsExactly(
                "config.few_shot.ids[1]: no example in the pool has id \"captial\" (did you mean \"capital\"?); pool ids: capital, sum",
                "config.few_shot.ids[2]: \"sum\" is listed twice");
    }

    @Test
    void settingsTheModeIgnoresAreErrorsNotSilentlyDropped() throws Exception {
        assertThat(errors("k: 2\nseed: 1\nids: [sum]\n" + POOL)).containsExactly(
                "config.few_shot.k: is only used in mode k_shot (set mode: k_shot, or remove it)",
                "config.few_shot.seed: is only used in mode k_shot (set mode: k_shot, or remove it)",
                "config.few_shot.ids: is only used in mode ids (set mode: ids, or remove it)");
    }

    @Test
    void poolExamplesAreCheckedAndTheirIdsUnique() throws Exception {
        assertThat(errors("""
                examples:
                  - {id: a, question: Q1, answer: A1}
                  - {id: a, question: Q2, answer: A2}
                  - {id: b, question: Q3}
                """)).containsExactly(
                "config.few_shot.examples[1].id: \"a\" is used by an earlier example in the pool",
                "config.few_shot.examples[2].answer: is required");
    }
}
