package dev.assay.generation;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.assay.common.pipeline.ResultStatus;
import dev.assay.common.pipeline.VerificationResult;

/** The headline of one stored result, as a progress event carries it. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record ResultBrief(String resultId, String questionId, String answeringModel, String judge, int replicate,
                          ResultStatus status) {

    public static ResultBrief of(VerificationResult result) {
        return new ResultBrief(result.resultId(), result.questionId(), result.answeringModel(), result.judge(),
                result.replicate(), result.status());
    }
}
