package dev.assay.generation;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import java.util.List;

/**
 * Run-level means over a run's stored results ({@code GET /api/runs/{id}/scores}): once over
 * every result, and per answering model × judge.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record RunScores(String runId, ScoreGroup overall, List<ScoreGroup> groups) {
}
