package dev.assay.generation;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import java.util.List;

/**
 * What {@code POST /api/runs/{id}/retry} and {@code …/extend} answer once the jobs they queued are
 * on {@code assay.jobs}.
 *
 * @param queuedJobs      jobs queued now (a job queued for some of its judges counts once)
 * @param queuedResults   results those jobs will store (replacing an errored one, or new)
 * @param answeringModels the run's answering models after the request
 * @param judges          the run's judges after the request
 * @param jobs            the run's jobs in all (question × answering model × replicate)
 * @param expectedResults the run's results in all (jobs × judges)
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record RunRequeued(
        String runId,
        RunStatus status,
        int queuedJobs,
        int queuedResults,
        List<String> answeringModels,
        List<String> judges,
        int replicates,
        int jobs,
        int expectedResults) {
}
