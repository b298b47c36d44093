package dev.assay.generation;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import java.util.List;
import java.util.Map;

/**
 * Replicate statistics of one answering model × judge. Only results with a template verdict
 * (status passed or failed) count; the others are reported in {@code excluded}, so
 * {@code results = verdicts + Σ excluded}.
 *
 * @param results               every result stored for the group, with a verdict or not
 * @param questions             questions with at least one verdict: the observations every figure below averages over
 * @param verdicts              results with a verdict
 * @param passes                of those, how many passed
 * @param excluded              results without a verdict, per status (only statuses that occur)
 * @param passRate              mean over questions of each question's passes / verdicts; null without verdicts
 * @param passRateStandardError see {@code standardErrorMethod}; null with fewer than two verdicts (one observation
 *                              has no spread to estimate an error from)
 * @param standardErrorMethod   how the standard error was computed; null when it is
 * @param passRateInterval      95 % Wilson score interval of the pass rate; null without verdicts
 * @param passAtK               pass@k for k = 1 … the run's replicates
 * @param majorityVoteAccuracy  share of questions whose verdicts passed more than half the time (a tie is not a pass);
 *                              null without verdicts
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record GroupStatistics(String answeringModel, String judge, long results, int questions, long verdicts, long passes,
                              Map<String, Long> excluded, Double passRate, Double passRateStandardError,
                              StandardErrorMethod standardErrorMethod, ConfidenceInterval passRateInterval,
                              List<PassAtK> passAtK, Double majorityVoteAccuracy) {

    /** A group none of whose results has a verdict: no question observed, so no rate, error, interval or vote. */
    public static GroupStatistics withoutVerdicts(String answeringModel, String judge, Map<String, Long> excluded,
                                                  List<PassAtK> passAtK) {
        long results = excluded.values().stream().mapToLong(Long::longValue).sum();
        return new GroupStatistics(answeringModel, judge, results, 0, 0, 0, excluded, null, null, null, null, passAtK, null);
    }
}
