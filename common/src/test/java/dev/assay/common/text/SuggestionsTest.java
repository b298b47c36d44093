package dev.assay.common.text;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class SuggestionsTest {

    private static final List<String> KNOWN = List.of("exact", "regex", "numeric_range", "contains_any");

    @Test
    void suggestsTheClosestNameForATypo() {
        assertThat(Suggestions.closest("exactt", KNOWN)).contains("exact");
        assertThat(Suggestions.closest("numeric_rang", KNOWN)).contains("numeric_range");
        assertThat(Suggestions.didYouMean("Regex", KNOWN)).isEqualTo(" (did you mean \"regex\"?)");
    }

    @Test
    void suggestsNothingForAFarName() {
        assertThat(Suggestions.closest("semantic", KNOWN)).isEmpty();
        assertThat(Suggestions.didYouMean("", KNOWN)).isEmpty();
    }

    @Test
    void distanceIsLevenshtein() {
        assertThat(Suggestions.distance("kitten", "sitting")).isEqualTo(3);
        assertThat(Suggestions.distance("", "abc")).isEqualTo(3);
        assertThat(Suggestions.distance("same", "same")).isZero();
    }
}
