package dev.assay.generation.repository;

import dev.assay.common.pipeline.ResultStatus;

/** What replicate statistics need of one stored result: where it sits and its status. */
public record ReplicateResult(String questionId, String answeringModel, String judge, int replicate, ResultStatus status) {
}
