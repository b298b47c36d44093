package dev.assay.generation;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import java.util.List;
import java.util.Map;

/**
 * Replicate statistics of one answering model × judge. Only results with a template verdict
 * (status passed or failed) count; the others are reported in {@code excluded}.
 *
 * @param questions             questions with at least one verdict: the observations every figure below averages over
 * @param verdicts              results with a verdict
 * @param excluded              results without a verdict, per status (only statuses that occur)
 * @param passRate              mean over questions of each question's passes / verdicts; null without verdicts
 * @param passRateStandardError see {@code standardErrorMethod}; null without verdicts
 * @param standardErrorMethod   how the standard error was computed; null without verdicts
 * @param passAtK               pass@k for k = 1 … the run's replicates
 * @param majorityVoteAccuracy  share of questions whose verdicts passed more than half the time (a tie is not a pass);
 *                              null without verdicts
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record GroupStatistics(String answeringModel, String judge, int questions, long verdicts, Map<String, Long> excluded,
                              Double passRate, Double passRateStandardError, StandardErrorMethod standardErrorMethod,
                              List<PassAtK> passAtK, Double majorityVoteAccuracy) {

    /** A group none of whose results has a verdict: no question observed, so no rate, error or vote. */
    public static GroupStatistics withoutVerdicts(String answeringModel, String judge, Map<String, Long> excluded,
                                                  List<PassAtK> passAtK) {
        return new GroupStatistics(answeringModel, judge, 0, 0, excluded, null, null, null, passAtK, null);
    }
}
