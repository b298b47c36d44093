package dev.assay.generation.service;

import dev.assay.common.pipeline.ResultStatus;
import dev.assay.generation.GroupStatistics;
import dev.assay.generation.PassAtK;
import dev.assay.generation.QuestionStatistics;
import dev.assay.generation.RunStatistics;
import dev.assay.generation.StandardErrorMethod;
import dev.assay.generation.repository.ReplicateResult;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A run's replicate statistics from its results' positions and statuses: pure arithmetic, no
 * database, so every figure can be checked against hand-computed cases. Groups and questions keep
 * the order of the input (the repository sorts it).
 */
final class ReplicateStatistics {

    private record GroupKey(String answeringModel, String judge) {
    }

    private record QuestionKey(String questionId, String answeringModel, String judge) {
    }

    /** One question's verdicts for one answering model × judge. */
    private static final class Tally {
        int verdicts;
        int passes;
        int excluded;

        double passRate() {
            return (double) passes / verdicts;
        }

        boolean majorityPassed() {
            // strictly more than half: a tie is not a pass, so two replicates split 1–1 count as failed
            return 2 * passes > verdicts;
        }
    }

    private static final class Group {
        final Map<String, Long> excluded = new LinkedHashMap<>();
        final List<Tally> questions = new ArrayList<>();
    }

    private ReplicateStatistics() {
    }

    /**
     * @param replicates the run's replicates: pass@k is given for k = 1 … replicates
     * @param results    the run's results, in the order groups and questions should be listed
     */
    static RunStatistics of(String runId, int replicates, List<ReplicateResult> results) {
        Map<GroupKey, Group> groups = new LinkedHashMap<>();
        Map<QuestionKey, Tally> questions = new LinkedHashMap<>();
        for (ReplicateResult result : results) {
            Group group = groups.computeIfAbsent(new GroupKey(result.answeringModel(), result.judge()), key -> new Group());
            Tally tally = questions.computeIfAbsent(new QuestionKey(result.questionId(), result.answeringModel(), result.judge()),
                    key -> {
                        Tally created = new Tally();
                        group.questions.add(created);
                        return created;
                    });
            if (isVerdict(result.status())) {
                tally.verdicts++;
                if (result.status() == ResultStatus.PASSED) {
                    tally.passes++;
                }
            } else {
                tally.excluded++;
                group.excluded.merge(result.status().wireName(), 1L, Long::sum);
            }
        }
        List<GroupStatistics> groupStatistics = new ArrayList<>();
        groups.forEach((key, group) -> groupStatistics.add(group(key, group, replicates)));
        List<QuestionStatistics> questionStatistics = new ArrayList<>();
        questions.forEach((key, tally) -> questionStatistics.add(question(key, tally)));
        return new RunStatistics(runId, replicates, groupStatistics, questionStatistics);
    }

    private static boolean isVerdict(ResultStatus status) {
        return status == ResultStatus.PASSED || status == ResultStatus.FAILED;
    }

    private static GroupStatistics group(GroupKey key, Group group, int replicates) {
        // a question without a single verdict says nothing about the pass rate: it is not an observation
        List<Tally> observed = group.questions.stream().filter(tally -> tally.verdicts > 0).toList();
        long verdicts = observed.stream().mapToLong(tally -> tally.verdicts).sum();
        long passes = observed.stream().mapToLong(tally -> tally.passes).sum();
        List<PassAtK> passAtK = new ArrayList<>();
        for (int k = 1; k <= replicates; k++) {
            passAtK.add(passAtK(observed, k));
        }
        if (observed.isEmpty()) {
            return GroupStatistics.withoutVerdicts(key.answeringModel(), key.judge(), group.excluded, passAtK);
        }
        int count = observed.size();
        long results = verdicts + group.excluded.values().stream().mapToLong(Long::longValue).sum();
        double passRate = observed.stream().mapToDouble(Tally::passRate).sum() / count;
        boolean replicated = observed.stream().anyMatch(tally -> tally.verdicts > 1);
        StandardErrorMethod method = verdicts < 2 ? null
                : count >= 2 && replicated ? StandardErrorMethod.QUESTION_CLUSTERED : StandardErrorMethod.BINOMIAL;
        Double standardError = method == null ? null // one verdict: no spread to estimate, only the interval speaks
                : method == StandardErrorMethod.QUESTION_CLUSTERED ? clusteredStandardError(observed, passRate)
                // here every question has one verdict or there is one question: the pass rate is the pooled one
                : Math.sqrt(passRate * (1 - passRate) / verdicts);
        double sampleSize = method == StandardErrorMethod.QUESTION_CLUSTERED
                ? effectiveSampleSize(passRate, standardError, count, verdicts) : verdicts;
        double majority = (double) observed.stream().filter(Tally::majorityPassed).count() / count;
        return new GroupStatistics(key.answeringModel(), key.judge(), results, count, verdicts, passes, group.excluded,
                passRate, standardError, method, WilsonInterval.of(passRate, sampleSize), passAtK, majority);
    }

    /**
     * Under replicates the verdicts are not independent, so the Wilson interval is taken at the
     * effective sample size p(1 − p) / SE² of the clustered error (Korn and Graubard 1998): as many
     * independent verdicts as would give that error. It lies between the questions (replicates
     * that add nothing) and the verdicts (replicates as good as new questions). When every verdict
     * agrees (p is 0 or 1) there is no spread to scale by, and the questions are what counts.
     */
    static double effectiveSampleSize(double passRate, double standardError, int questions, long verdicts) {
        double variance = passRate * (1 - passRate);
        if (variance == 0) {
            return questions;
        }
        if (standardError == 0) {
            return verdicts; // every question has the same mean: the replicates vary, the questions do not
        }
        return Math.max(questions, Math.min(verdicts, variance / (standardError * standardError)));
    }

    /** Sample standard deviation (n − 1) of the question means, over √questions. */
    private static double clusteredStandardError(List<Tally> observed, double mean) {
        double squares = observed.stream().mapToDouble(tally -> Math.pow(tally.passRate() - mean, 2)).sum();
        return Math.sqrt(squares / (observed.size() - 1)) / Math.sqrt(observed.size());
    }

    private static PassAtK passAtK(List<Tally> observed, int k) {
        List<Tally> eligible = observed.stream().filter(tally -> tally.verdicts >= k).toList();
        if (eligible.isEmpty()) {
            return new PassAtK(k, 0, null);
        }
        double sum = eligible.stream().mapToDouble(tally -> passAtK(tally.verdicts, tally.passes, k)).sum();
        return new PassAtK(k, eligible.size(), sum / eligible.size());
    }

    /**
     * The unbiased estimator 1 − C(n − c, k) / C(n, k) for c passes out of n verdicts (Chen et al.
     * 2021), with the ratio as a running product so no binomial coefficient is ever formed.
     */
    static double passAtK(int n, int c, int k) {
        if (k == 1) {
            // c / n exactly, so pass@1 equals pass_rate to the last digit rather than 1 − (n − c) / n
            return (double) c / n;
        }
        if (n - c < k) {
            // fewer failures than draws: every draw of k contains a pass
            return 1.0;
        }
        double allFail = 1.0;
        for (int i = 0; i < k; i++) {
            allFail *= (double) (n - c - i) / (n - i);
        }
        return 1.0 - allFail;
    }

    private static QuestionStatistics question(QuestionKey key, Tally tally) {
        if (tally.verdicts == 0) {
            return new QuestionStatistics(key.questionId(), key.answeringModel(), key.judge(), 0, 0, tally.excluded, null, null);
        }
        boolean passed = tally.majorityPassed();
        int agreeing = passed ? tally.passes : tally.verdicts - tally.passes;
        return new QuestionStatistics(key.questionId(), key.answeringModel(), key.judge(), tally.verdicts, tally.passes,
                tally.excluded, passed ? ResultStatus.PASSED : ResultStatus.FAILED, (double) agreeing / tally.verdicts);
    }
}
