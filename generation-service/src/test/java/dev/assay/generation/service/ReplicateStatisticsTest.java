package dev.assay.generation.service;

import dev.assay.common.pipeline.ResultStatus;
import dev.assay.generation.GroupStatistics;
import dev.assay.generation.PassAtK;
import dev.assay.generation.QuestionStatistics;
import dev.assay.generation.RunStatistics;
import dev.assay.generation.StandardErrorMethod;
import dev.assay.generation.repository.ReplicateResult;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.assay.common.pipeline.ResultStatus.ABSTAINED;
import static dev.assay.common.pipeline.ResultStatus.ERROR;
import static dev.assay.common.pipeline.ResultStatus.FAILED;
import static dev.assay.common.pipeline.ResultStatus.PASSED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** Every expected figure here is computed by hand in the comments. */
class ReplicateStatisticsTest {

    private static final double EPS = 1e-12;

    /** One question's replicates 1, 2, … with these statuses, for model m and judge j. */
    private static List<ReplicateResult> question(String id, ResultStatus... statuses) {
        return question(id, "m", "j", statuses);
    }

    private static List<ReplicateResult> question(String id, String model, String judge, ResultStatus... statuses) {
        List<ReplicateResult> results = new ArrayList<>();
        for (int i = 0; i < statuses.length; i++) {
            results.add(new ReplicateResult(id, model, judge, i + 1, statuses[i]));
        }
        return results;
    }

    @SafeVarargs
    private static RunStatistics statistics(int replicates, List<ReplicateResult>... questions) {
        List<ReplicateResult> all = new ArrayList<>();
        for (List<ReplicateResult> question : questions) {
            all.addAll(question);
        }
        return ReplicateStatistics.of("run", replicates, all);
    }

    private static List<Double> values(GroupStatistics group) {
        return group.passAtK().stream().map(PassAtK::value).toList();
    }

    @Test
    void passAtKIsTheUnbiasedEstimator() {
        // n=3, c=1, k=2: 1 − C(2,2)/C(3,2) = 1 − 1/3
        assertThat(ReplicateStatistics.passAtK(3, 1, 2)).isCloseTo(2.0 / 3, within(EPS));
        // k=1 is the plain pass rate c/n
        assertThat(ReplicateStatistics.passAtK(3, 1, 1)).isCloseTo(1.0 / 3, within(EPS));
        assertThat(ReplicateStatistics.passAtK(3, 1, 3)).isEqualTo(1.0);
        assertThat(ReplicateStatistics.passAtK(3, 0, 3)).isEqualTo(0.0);
        // n=5, c=2, k=2: 1 − C(3,2)/C(5,2) = 1 − 3/10
        assertThat(ReplicateStatistics.passAtK(5, 2, 2)).isCloseTo(0.7, within(EPS));
        // more draws than failures: every draw holds a pass
        assertThat(ReplicateStatistics.passAtK(4, 3, 2)).isEqualTo(1.0);
    }

    @Test
    void allPass() {
        RunStatistics statistics = statistics(3, question("a", PASSED, PASSED, PASSED), question("b", PASSED, PASSED, PASSED));
        GroupStatistics group = statistics.groups().getFirst();
        assertThat(statistics.replicates()).isEqualTo(3);
        assertThat(group.questions()).isEqualTo(2);
        assertThat(group.verdicts()).isEqualTo(6);
        assertThat(group.excluded()).isEmpty();
        assertThat(group.passRate()).isEqualTo(1.0);
        assertThat(group.standardErrorMethod()).isEqualTo(StandardErrorMethod.QUESTION_CLUSTERED);
        assertThat(group.passRateStandardError()).isEqualTo(0.0);
        assertThat(values(group)).containsExactly(1.0, 1.0, 1.0);
        assertThat(group.majorityVoteAccuracy()).isEqualTo(1.0);
        assertThat(statistics.questions()).containsExactly(
                new QuestionStatistics("a", "m", "j", 3, 3, 0, PASSED, 1.0),
                new QuestionStatistics("b", "m", "j", 3, 3, 0, PASSED, 1.0));
    }

    @Test
    void allFail() {
        RunStatistics statistics = statistics(3, question("a", FAILED, FAILED, FAILED), question("b", FAILED, FAILED, FAILED));
        GroupStatistics group = statistics.groups().getFirst();
        assertThat(group.passRate()).isEqualTo(0.0);
        assertThat(group.passRateStandardError()).isEqualTo(0.0);
        assertThat(values(group)).containsExactly(0.0, 0.0, 0.0);
        assertThat(group.majorityVoteAccuracy()).isEqualTo(0.0);
        // unanimous failure is full agreement
        assertThat(statistics.questions().getFirst()).isEqualTo(new QuestionStatistics("a", "m", "j", 3, 0, 0, FAILED, 1.0));
    }

    @Test
    void twoOfThreeIsAMajorityPass() {
        RunStatistics statistics = statistics(3, question("a", PASSED, FAILED, PASSED));
        GroupStatistics group = statistics.groups().getFirst();
        assertThat(statistics.questions().getFirst()).satisfies(question -> {
            assertThat(question.majorityVerdict()).isEqualTo(PASSED);
            assertThat(question.agreement()).isCloseTo(2.0 / 3, within(EPS));
        });
        // pass@1 = 2/3; pass@2 = 1 − C(1,2)/C(3,2) = 1; pass@3 = 1
        assertThat(values(group).get(0)).isCloseTo(2.0 / 3, within(EPS));
        assertThat(values(group).subList(1, 3)).containsExactly(1.0, 1.0);
        assertThat(group.majorityVoteAccuracy()).isEqualTo(1.0);
        // one question: no spread between questions to measure, so binomial over its 3 verdicts: √(2/3 · 1/3 / 3)
        assertThat(group.standardErrorMethod()).isEqualTo(StandardErrorMethod.BINOMIAL);
        assertThat(group.passRateStandardError()).isCloseTo(Math.sqrt(2.0 / 27), within(EPS));
    }

    @Test
    void aTieWithTwoReplicatesIsNotAPass() {
        RunStatistics statistics = statistics(2, question("a", PASSED, FAILED), question("b", PASSED, PASSED));
        assertThat(statistics.questions()).containsExactly(
                new QuestionStatistics("a", "m", "j", 2, 1, 0, FAILED, 0.5),
                new QuestionStatistics("b", "m", "j", 2, 2, 0, PASSED, 1.0));
        GroupStatistics group = statistics.groups().getFirst();
        assertThat(group.majorityVoteAccuracy()).isEqualTo(0.5);
        // question means 0.5 and 1: mean 0.75, sample sd √(2 · 0.25² / 1) = √0.125, SE = √0.125 / √2 = 0.25
        assertThat(group.passRate()).isEqualTo(0.75);
        assertThat(group.standardErrorMethod()).isEqualTo(StandardErrorMethod.QUESTION_CLUSTERED);
        assertThat(group.passRateStandardError()).isCloseTo(0.25, within(EPS));
        // pass@2: a 1 − C(1,2)/C(2,2) = 1, b 1
        assertThat(values(group)).containsExactly(0.75, 1.0);
    }

    @Test
    void theClusteredStandardErrorUsesTheSpreadOfQuestionMeans() {
        RunStatistics statistics = statistics(3,
                question("a", PASSED, PASSED, PASSED), question("b", FAILED, PASSED, FAILED), question("c", FAILED, FAILED, FAILED));
        GroupStatistics group = statistics.groups().getFirst();
        // question means 1, 1/3, 0 → mean 4/9; squared deviations (5/9)² + (1/9)² + (4/9)² = 42/81;
        // sample variance 21/81, sd √21 / 9, SE √21 / 9 / √3 = √7 / 9
        assertThat(group.passRate()).isCloseTo(4.0 / 9, within(EPS));
        assertThat(group.passRateStandardError()).isCloseTo(Math.sqrt(7) / 9, within(EPS));
        // pass@1 = 4/9; pass@2 = (1 + 2/3 + 0) / 3 = 5/9; pass@3 = (1 + 1 + 0) / 3 = 2/3
        assertThat(group.passAtK()).extracting(PassAtK::questions).containsExactly(3, 3, 3);
        assertThat(values(group).get(0)).isCloseTo(4.0 / 9, within(EPS));
        assertThat(values(group).get(1)).isCloseTo(5.0 / 9, within(EPS));
        assertThat(values(group).get(2)).isCloseTo(2.0 / 3, within(EPS));
        assertThat(group.majorityVoteAccuracy()).isCloseTo(1.0 / 3, within(EPS));
    }

    @Test
    void aMissingReplicateLeavesItsQuestionOutOfTheLargestK() {
        // a: replicate 3 errored, so 1 pass out of 2 verdicts; b: 3 of 3
        RunStatistics statistics = statistics(3, question("a", PASSED, FAILED, ERROR), question("b", PASSED, PASSED, PASSED));
        GroupStatistics group = statistics.groups().getFirst();
        assertThat(group.questions()).isEqualTo(2);
        assertThat(group.verdicts()).isEqualTo(5);
        assertThat(group.excluded()).isEqualTo(Map.of("error", 1L));
        // each question weighs the same: (1/2 + 1) / 2, not the pooled 4/5
        assertThat(group.passRate()).isEqualTo(0.75);
        // pass@3 over b alone: a has only 2 verdicts
        assertThat(group.passAtK()).containsExactly(new PassAtK(1, 2, 0.75), new PassAtK(2, 2, 1.0), new PassAtK(3, 1, 1.0));
        assertThat(statistics.questions().getFirst()).isEqualTo(new QuestionStatistics("a", "m", "j", 2, 1, 1, FAILED, 0.5));
    }

    @Test
    void withoutReplicatesTheStandardErrorIsBinomial() {
        RunStatistics statistics = statistics(1, question("a", PASSED), question("b", PASSED), question("c", FAILED), question("d", PASSED));
        GroupStatistics group = statistics.groups().getFirst();
        assertThat(group.passRate()).isEqualTo(0.75);
        assertThat(group.standardErrorMethod()).isEqualTo(StandardErrorMethod.BINOMIAL);
        // √(0.75 · 0.25 / 4)
        assertThat(group.passRateStandardError()).isCloseTo(Math.sqrt(0.1875 / 4), within(EPS));
        assertThat(group.passAtK()).containsExactly(new PassAtK(1, 4, 0.75));
    }

    @Test
    void aQuestionWithoutVerdictsIsListedButNotAnObservation() {
        RunStatistics statistics = statistics(2, question("a", ERROR, ABSTAINED), question("b", PASSED, FAILED),
                question("a", "m2", "j", ERROR, ERROR));
        GroupStatistics group = statistics.groups().get(0);
        assertThat(group.questions()).isEqualTo(1);
        assertThat(group.excluded()).isEqualTo(Map.of("error", 1L, "abstained", 1L));
        assertThat(group.passRate()).isEqualTo(0.5);
        assertThat(statistics.questions().getFirst()).isEqualTo(new QuestionStatistics("a", "m", "j", 0, 0, 2, null, null));

        GroupStatistics empty = statistics.groups().get(1);
        assertThat(empty.answeringModel()).isEqualTo("m2");
        assertThat(empty).isEqualTo(new GroupStatistics("m2", "j", 2, 0, 0, 0, Map.of("error", 2L), null, null, null, null,
                List.of(new PassAtK(1, 0, null), new PassAtK(2, 0, null)), null));
    }

    @Test
    void aGroupCountsItsResultsPassesAndVerdictsApartFromItsErrors() {
        // the case: 4 errors and 1 failure is "0 of 1 verdict, 5 results", not "0 % of 5"
        RunStatistics statistics = statistics(1, question("a", FAILED), question("b", ERROR), question("c", ERROR),
                question("d", ERROR), question("e", ERROR));
        GroupStatistics group = statistics.groups().getFirst();
        assertThat(group.results()).isEqualTo(5);
        assertThat(group.verdicts()).isEqualTo(1);
        assertThat(group.passes()).isZero();
        assertThat(group.excluded()).isEqualTo(Map.of("error", 4L));
        assertThat(group.passRate()).isEqualTo(0.0);
    }

    @Test
    void aSingleVerdictHasNoStandardErrorButAnHonestInterval() {
        GroupStatistics group = statistics(1, question("a", FAILED), question("b", ERROR)).groups().getFirst();
        // √(0 · 1 / 1) = 0 would read "0.0 % ± 0.0 %": one observation has no spread to estimate
        assertThat(group.passRateStandardError()).isNull();
        assertThat(group.standardErrorMethod()).isNull();
        // Wilson at p = 0, n = 1: [0, z² / (1 + z²)] = [0, 0.7935]
        double z2 = WilsonInterval.Z_95 * WilsonInterval.Z_95;
        assertThat(group.passRateInterval()).satisfies(interval -> {
            assertThat(interval.method()).isEqualTo("wilson");
            assertThat(interval.confidence()).isEqualTo(0.95);
            assertThat(interval.sampleSize()).isEqualTo(1.0);
            assertThat(interval.low()).isEqualTo(0.0);
            assertThat(interval.high()).isCloseTo(z2 / (1 + z2), within(EPS)).isCloseTo(0.79345, within(1e-5));
        });
    }

    @Test
    void withoutReplicatesTheIntervalIsWilsonOverTheVerdicts() {
        List<ReplicateResult> results = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            results.addAll(question("q" + i, i < 8 ? PASSED : FAILED));
        }
        GroupStatistics group = ReplicateStatistics.of("run", 1, results).groups().getFirst();
        // 8 of 10: the textbook Wilson 95 % interval [0.4902, 0.9433]
        assertThat(group.passRateInterval().sampleSize()).isEqualTo(10.0);
        assertThat(group.passRateInterval().low()).isCloseTo(0.4901624715, within(1e-9));
        assertThat(group.passRateInterval().high()).isCloseTo(0.9433178485, within(1e-9));
        assertThat(group.passes()).isEqualTo(8);
    }

    @Test
    void underReplicatesTheIntervalUsesTheEffectiveSampleSize() {
        // question means 0.5 and 1: p 0.75, clustered SE 0.25, so p(1 − p) / SE² = 0.1875 / 0.0625 = 3 verdicts' worth
        GroupStatistics tie = statistics(2, question("a", PASSED, FAILED), question("b", PASSED, PASSED)).groups().getFirst();
        assertThat(tie.passRateInterval().sampleSize()).isCloseTo(3.0, within(EPS));
        assertThat(tie.passRateInterval().low()).isCloseTo(0.2560926803, within(1e-9));
        assertThat(tie.passRateInterval().high()).isCloseTo(0.9631588038, within(1e-9));
        // all pass: no spread to scale by, so the two questions, not the six verdicts: low = 2 / (2 + z²)
        GroupStatistics allPass = statistics(3, question("a", PASSED, PASSED, PASSED), question("b", PASSED, PASSED, PASSED))
                .groups().getFirst();
        double z2 = WilsonInterval.Z_95 * WilsonInterval.Z_95;
        assertThat(allPass.passRateInterval().sampleSize()).isEqualTo(2.0);
        assertThat(allPass.passRateInterval().low()).isCloseTo(2 / (2 + z2), within(EPS));
        assertThat(allPass.passRateInterval().high()).isEqualTo(1.0);
        // bounded by the questions below and the verdicts above
        assertThat(ReplicateStatistics.effectiveSampleSize(0.5, 0.5, 3, 9)).isEqualTo(3.0);
        assertThat(ReplicateStatistics.effectiveSampleSize(0.5, 0.01, 3, 9)).isEqualTo(9.0);
        assertThat(ReplicateStatistics.effectiveSampleSize(0.5, 0.0, 3, 9)).isEqualTo(9.0);
    }

    @Test
    void aWilsonIntervalStaysInsideZeroToOne() {
        for (int n = 1; n <= 50; n++) {
            for (int c = 0; c <= n; c++) {
                var interval = WilsonInterval.of((double) c / n, n);
                assertThat(interval.low()).isBetween(0.0, (double) c / n);
                assertThat(interval.high()).isBetween((double) c / n, 1.0);
                assertThat(interval.high() - interval.low()).as("width at %d of %d", c, n).isPositive();
            }
        }
    }

    @Test
    void groupsAndQuestionsKeepTheInputOrder() {
        RunStatistics statistics = statistics(1, question("b", "m", "j2", PASSED), question("a", "m", "j2", FAILED),
                question("a", "m", "j1", PASSED));
        assertThat(statistics.groups()).extracting(GroupStatistics::judge).containsExactly("j2", "j1");
        assertThat(statistics.questions()).extracting(QuestionStatistics::questionId).containsExactly("b", "a", "a");
    }
}
