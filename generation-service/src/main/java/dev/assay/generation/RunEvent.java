package dev.assay.generation;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/**
 * One server-sent event of {@code GET /api/runs/{id}/events}; {@link #type} is the SSE event name.
 *
 * @param run    the run's counts at the time of the event (absolute, so the latest event is the truth)
 * @param result the result that was just stored, on a progress event caused by one
 * @param stages the run's progress per stage of the pipeline, read with {@code run}
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RunEvent(@JsonIgnore String type, RunSummary run, ResultBrief result, RunStages stages) {

    /** First event of every connection: where the run stands now. */
    public static final String SNAPSHOT = "snapshot";
    /** A result was stored (or counts changed on another instance). */
    public static final String PROGRESS = "progress";
    /** Last event: stored results reached the expected count; the server closes the stream. */
    public static final String COMPLETED = "completed";

    public static RunEvent snapshot(RunProgress progress) {
        return new RunEvent(SNAPSHOT, progress.run(), null, progress.stages());
    }

    public static RunEvent progress(RunProgress progress, ResultBrief result) {
        return new RunEvent(PROGRESS, progress.run(), result, progress.stages());
    }

    public static RunEvent completed(RunProgress progress) {
        return new RunEvent(COMPLETED, progress.run(), null, progress.stages());
    }
}
