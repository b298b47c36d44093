package dev.assay.common.pipeline;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/** A job and its generation outcome. Published on {@link Topics#ANSWERS}. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record AnsweredJob(int schemaVersion, String runId, String jobId, VerificationJob job, GenerationOutcome generation) {

    public static final int SCHEMA_VERSION = 1;

    public AnsweredJob {
        if (schemaVersion != SCHEMA_VERSION) {
            throw new IllegalArgumentException("answered job: schema_version " + schemaVersion
                    + " is not supported (this service reads version " + SCHEMA_VERSION + ")");
        }
        if (job == null || generation == null) {
            throw new IllegalArgumentException("answered job " + jobId + ": job and generation are required");
        }
        VerificationJob.require(runId, "run_id");
        VerificationJob.require(jobId, "job_id");
    }

    public static AnsweredJob of(VerificationJob job, GenerationOutcome generation) {
        return new AnsweredJob(SCHEMA_VERSION, job.runId(), job.jobId(), job, generation);
    }
}
