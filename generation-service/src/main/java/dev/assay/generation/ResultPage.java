package dev.assay.generation;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.assay.common.pipeline.VerificationResult;

import java.util.List;

/** One page of a run's results, in the order they were first stored. {@code page} counts from 0. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record ResultPage(String runId, int page, int size, long total, int totalPages, List<VerificationResult> results) {
}
