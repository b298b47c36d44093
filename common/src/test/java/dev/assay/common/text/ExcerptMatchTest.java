package dev.assay.common.text;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class ExcerptMatchTest {

    private static final String RESPONSE = "The capital of Australia is Canberra.\n\nIt was chosen   as a compromise between Sydney and Melbourne.";

    @Test
    void aVerbatimQuoteScoresOne() {
        assertThat(ExcerptMatch.similarity("Canberra", RESPONSE)).isEqualTo(1.0);
        assertThat(ExcerptMatch.similarity("The capital of Australia is Canberra.", RESPONSE)).isEqualTo(1.0);
    }

    @Test
    void whitespaceIsNormalizedOnBothSides() {
        assertThat(ExcerptMatch.similarity("Canberra. It was chosen as a compromise", RESPONSE)).isEqualTo(1.0);
        assertThat(ExcerptMatch.similarity("  chosen\tas a\n compromise  ", RESPONSE)).isEqualTo(1.0);
    }

    @Test
    void theScoreIsTheLongestCommonSubstringOverTheExcerptLength() {
        // "a compromise between Sydney and " (32 chars) is the longest part found; the excerpt is 40 chars
        String excerpt = "a compromise between Sydney and Brisbane";
        assertThat(ExcerptMatch.similarity(excerpt, RESPONSE)).isCloseTo(32.0 / 40.0, within(1e-9));
    }

    @Test
    void aParaphraseOrAnInventionFallsBelowTheDefaultThreshold() {
        assertThat(ExcerptMatch.matches("Australia's seat of government is Canberra", RESPONSE, 0.80)).isFalse();
        assertThat(ExcerptMatch.matches("the population is 450,000", RESPONSE, 0.80)).isFalse();
        assertThat(ExcerptMatch.matches("The capital of Australia is Canberra", RESPONSE, 0.80)).isTrue();
    }

    @Test
    void blankTextMatchesNothing() {
        assertThat(ExcerptMatch.similarity("", RESPONSE)).isZero();
        assertThat(ExcerptMatch.similarity("Canberra", "  ")).isZero();
        assertThat(ExcerptMatch.similarity(null, RESPONSE)).isZero();
    }
}
