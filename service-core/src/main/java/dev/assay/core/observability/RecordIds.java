package dev.assay.core.observability;

import dev.assay.common.pipeline.AnsweredJob;
import dev.assay.common.pipeline.ParsedJob;
import dev.assay.common.pipeline.VerificationJob;
import dev.assay.common.pipeline.VerificationResult;

/**
 * The ids a pipeline record carries, for logs and spans: {@code run_id}, {@code job_id} and, past
 * parsing, {@code result_id} (null before).
 */
public record RecordIds(String runId, String jobId, String resultId) {

    /** The ids of one of the four pipeline records; null for anything else. */
    public static RecordIds of(Object record) {
        return switch (record) {
            case VerificationJob job -> new RecordIds(job.runId(), job.jobId(), null);
            case AnsweredJob answered -> new RecordIds(answered.runId(), answered.jobId(), null);
            case ParsedJob parsed -> new RecordIds(parsed.runId(), parsed.jobId(), parsed.resultId());
            case VerificationResult result -> new RecordIds(result.runId(), result.jobId(), result.resultId());
            case null, default -> null;
        };
    }
}
