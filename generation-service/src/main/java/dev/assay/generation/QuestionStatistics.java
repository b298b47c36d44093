package dev.assay.generation;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.assay.common.pipeline.ResultStatus;

/**
 * One question's replicates for one answering model × judge.
 *
 * @param replicates      replicates with a template verdict (passed or failed)
 * @param passes          of those, how many passed
 * @param excluded        replicates stored without a verdict (error, abstained, insufficient, scored)
 * @param majorityVerdict passed when more than half the verdicts passed, otherwise failed (a tie is failed);
 *                        null without verdicts
 * @param agreement       share of verdicts equal to the majority verdict: 1.0 when all agree, 0.5 for a tie;
 *                        null without verdicts
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record QuestionStatistics(String questionId, String answeringModel, String judge, int replicates, int passes, int excluded,
                                 ResultStatus majorityVerdict, Double agreement) {
}
