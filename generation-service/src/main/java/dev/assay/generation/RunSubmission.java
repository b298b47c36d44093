package dev.assay.generation;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import java.util.List;

/**
 * What {@code POST /api/runs} answers once every job is on {@code assay.jobs}.
 *
 * @param answeringModels canonical keys of the answering models
 * @param judges          canonical keys of the judges
 * @param expectedResults jobs × judges: one result per job and judge
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record RunSubmission(
        String runId,
        String name,
        RunStatus status,
        int questions,
        List<String> answeringModels,
        List<String> judges,
        int replicates,
        int jobs,
        int expectedResults) {
}
