package dev.assay.stage.rubric.trait.metric;

import dev.assay.common.pipeline.MetricScores;
import org.junit.jupiter.api.Test;

import java.util.Collections;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The figures, on cases computed by hand. */
class MetricArithmeticTest {

    private static List<String> n(int count) {
        return Collections.nCopies(count, "x");
    }

    @Test
    void tpOnlyHasPrecisionRecallAndF1ButNoSpecificityOrAccuracy() {
        // tp 3, fn 1, fp 2: precision 3/5, recall 3/4, f1 = 2·0.6·0.75 / 1.35 = 2/3
        MetricScores scores = MetricArithmetic.of("tp_only", n(3), n(1), List.of(), n(2));

        assertThat(scores.mode()).isEqualTo("tp_only");
        assertThat(scores.precision()).isEqualTo(0.6);
        assertThat(scores.recall()).isEqualTo(0.75);
        assertThat(scores.f1()).isCloseTo(2.0 / 3.0, within(1e-12));
        assertThat(scores.specificity()).isNull();
        assertThat(scores.accuracy()).isNull();
    }

    @Test
    void fullMatrixAddsSpecificityAndAccuracy() {
        // tp 2, fn 2, tn 3, fp 1: precision 2/3, recall 1/2, f1 = 2·(2/3)·(1/2) / (7/6) = 4/7,
        // specificity 3/4, accuracy 5/8
        MetricScores scores = MetricArithmetic.of("full_matrix", n(2), n(2), n(3), n(1));

        assertThat(scores.precision()).isCloseTo(2.0 / 3.0, within(1e-12));
        assertThat(scores.recall()).isEqualTo(0.5);
        assertThat(scores.f1()).isCloseTo(4.0 / 7.0, within(1e-12));
        assertThat(scores.specificity()).isEqualTo(0.75);
        assertThat(scores.accuracy()).isEqualTo(0.625);
    }

    @Test
    void aPerfectResponseScoresOneEverywhere() {
        MetricScores scores = MetricArithmetic.of("full_matrix", n(4), List.of(), n(2), List.of());

        assertThat(List.of(scores.precision(), scores.recall(), scores.f1(), scores.specificity(), scores.accuracy()))
                .containsOnly(1.0);
    }

    @Test
    void aZeroDenominatorGivesNullNotZero() {
        // nothing satisfied and nothing extra: precision 0/0 is undefined; recall is 0/3; and f1,
        // 2tp / (2tp + fp + fn) = 0/3, is 0: a response that does none of what was asked scores 0
        MetricScores nothingFound = MetricArithmetic.of("tp_only", List.of(), n(3), List.of(), List.of());
        assertThat(nothingFound.precision()).isNull();
        assertThat(nothingFound.recall()).isEqualTo(0.0);
        assertThat(nothingFound.f1()).isEqualTo(0.0);

        // precision and recall both 0: p + r is 0, yet f1 = 0 / (0 + 1 + 2) = 0
        MetricScores allWrong = MetricArithmetic.of("tp_only", List.of(), n(2), List.of(), n(1));
        assertThat(allWrong.precision()).isEqualTo(0.0);
        assertThat(allWrong.recall()).isEqualTo(0.0);
        assertThat(allWrong.f1()).isEqualTo(0.0);

        // full matrix with every tn instruction violated: specificity 0/2 is 0, not null
        MetricScores violated = MetricArithmetic.of("full_matrix", n(1), List.of(), List.of(), n(2));
        assertThat(violated.specificity()).isEqualTo(0.0);
        assertThat(violated.accuracy()).isCloseTo(1.0 / 3.0, within(1e-12));

        // and no tn instruction at all: specificity 0/0 is null
        MetricScores noNegatives = MetricArithmetic.of("full_matrix", n(1), n(1), List.of(), List.of());
        assertThat(noNegatives.specificity()).isNull();
        assertThat(noNegatives.accuracy()).isEqualTo(0.5);
    }

    @Test
    void theConfusionListsAreKept() {
        MetricScores scores = MetricArithmetic.of("full_matrix", List.of("a"), List.of("b"), List.of("c"), List.of("d"));

        assertThat(scores.truePositives()).containsExactly("a");
        assertThat(scores.falseNegatives()).containsExactly("b");
        assertThat(scores.trueNegatives()).containsExactly("c");
        assertThat(scores.falsePositives()).containsExactly("d");
    }
}
