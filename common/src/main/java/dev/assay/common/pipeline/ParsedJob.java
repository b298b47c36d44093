package dev.assay.common.pipeline;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.assay.common.run.ModelConfig;

/** One judge's parsing outcome for an answered job. Published on {@link Topics#PARSED}, one per judge. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record ParsedJob(int schemaVersion, String runId, String jobId, String resultId, AnsweredJob answered,
                        ModelConfig judge, ParsingOutcome parsing) {

    public static final int SCHEMA_VERSION = 1;

    public ParsedJob {
        if (schemaVersion != SCHEMA_VERSION) {
            throw new IllegalArgumentException("parsed job: schema_version " + schemaVersion
                    + " is not supported (this service reads version " + SCHEMA_VERSION + ")");
        }
        if (answered == null || judge == null || parsing == null) {
            throw new IllegalArgumentException("parsed job " + resultId + ": answered, judge and parsing are required");
        }
        VerificationJob.require(runId, "run_id");
        VerificationJob.require(jobId, "job_id");
        VerificationJob.require(resultId, "result_id");
    }

    public static ParsedJob of(AnsweredJob answered, ModelConfig judge, ParsingOutcome parsing) {
        return new ParsedJob(SCHEMA_VERSION, answered.runId(), answered.jobId(), answered.job().resultId(judge), answered,
                judge, parsing);
    }
}
