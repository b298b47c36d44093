package dev.assay.generation;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import java.time.Instant;

/** A run as {@code GET /api/runs/{id}} shows it. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record RunSummary(
        String runId,
        String name,
        RunSource source,
        RunStatus status,
        RunCounts counts,
        UsageTotals usage,
        String error,
        Instant createdAt,
        Instant updatedAt,
        Instant finishedAt) {

    @JsonIgnore
    public boolean isCompleted() {
        return status == RunStatus.COMPLETED;
    }
}
