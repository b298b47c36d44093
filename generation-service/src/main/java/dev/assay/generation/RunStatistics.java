package dev.assay.generation;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import java.util.List;

/**
 * Statistics over a run's replicates ({@code GET /api/runs/{id}/statistics}), from the template
 * verdicts stored so far: per answering model × judge, and per question × answering model × judge.
 *
 * @param replicates the run's replicates per question × answering model (the config's {@code replicates};
 *                   for a run first seen on Kafka, the highest replicate stored); pass@k goes up to it
 * @param groups     per answering model × judge, ordered by model then judge
 * @param questions  per question × answering model × judge, ordered by model, judge, then question id
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record RunStatistics(String runId, int replicates, List<GroupStatistics> groups, List<QuestionStatistics> questions) {
}
