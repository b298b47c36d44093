package dev.assay.stage.rubric.nugget;

import dev.assay.common.benchmark.NuggetImportance;
import dev.assay.common.nugget.SupportLabel;
import dev.assay.common.pipeline.NuggetJudgement;
import dev.assay.common.pipeline.NuggetScores;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.assay.common.benchmark.NuggetImportance.OKAY;
import static dev.assay.common.benchmark.NuggetImportance.VITAL;
import static dev.assay.common.nugget.SupportLabel.NOT_SUPPORT;
import static dev.assay.common.nugget.SupportLabel.PARTIAL_SUPPORT;
import static dev.assay.common.nugget.SupportLabel.SUPPORT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class NuggetScoringTest {

    private static NuggetJudgement nugget(NuggetImportance importance, SupportLabel label) {
        return new NuggetJudgement("n", importance, label);
    }

    @Test
    void strictFiguresCountSupportAndTheOthersGivePartialSupportHalfCredit() {
        // vital: support, partial, not      -> strict 1/3, with partial credit 1.5/3
        // all:   3 support, 2 partial, 2 not -> strict 3/7, with partial credit 4/7
        List<NuggetJudgement> judgements = List.of(
                nugget(VITAL, SUPPORT), nugget(VITAL, PARTIAL_SUPPORT), nugget(VITAL, NOT_SUPPORT),
                nugget(OKAY, SUPPORT), nugget(OKAY, PARTIAL_SUPPORT), nugget(OKAY, SUPPORT), nugget(OKAY, NOT_SUPPORT));

        NuggetScores scores = NuggetScoring.score(judgements);

        assertThat(scores.strictVitalRecall()).isCloseTo(1.0 / 3, within(1e-12));
        assertThat(scores.vitalRecall()).isCloseTo(0.5, within(1e-12));
        assertThat(scores.strictAllRecall()).isCloseTo(3.0 / 7, within(1e-12));
        assertThat(scores.allRecall()).isCloseTo(4.0 / 7, within(1e-12));
    }

    @Test
    void vitalFiguresAreNullWithoutAVitalNugget() {
        NuggetScores scores = NuggetScoring.score(List.of(nugget(OKAY, SUPPORT), nugget(OKAY, PARTIAL_SUPPORT)));

        assertThat(scores).isEqualTo(new NuggetScores(null, 0.5, null, 0.75));
    }

    @Test
    void allSupportedIsOneAndNothingSupportedIsZero() {
        assertThat(NuggetScoring.score(List.of(nugget(VITAL, SUPPORT), nugget(OKAY, SUPPORT))))
                .isEqualTo(new NuggetScores(1.0, 1.0, 1.0, 1.0));
        assertThat(NuggetScoring.score(List.of(nugget(VITAL, NOT_SUPPORT), nugget(OKAY, NOT_SUPPORT))))
                .isEqualTo(new NuggetScores(0.0, 0.0, 0.0, 0.0));
    }

    @Test
    void noScoresWhileAnyNuggetHasNoLabel() {
        assertThat(NuggetScoring.score(List.of(nugget(VITAL, SUPPORT), nugget(OKAY, null)))).isNull();
        assertThat(NuggetScoring.score(List.of())).isNull();
    }
}
