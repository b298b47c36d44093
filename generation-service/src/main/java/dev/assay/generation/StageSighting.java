package dev.assay.generation;

/**
 * One record seen leaving a pipeline stage, for the run's progress per stage.
 *
 * @param stage    {@link RunStages#GENERATION} or {@link RunStages#PARSING}
 * @param recordId the job id (generation) or the result id (parsing: one record per judge)
 * @param failed   the stage's outcome carried a failure
 */
public record StageSighting(String runId, String stage, String recordId, boolean failed) {

    public StageSighting {
        if (runId == null || runId.isBlank() || recordId == null || recordId.isBlank()) {
            throw new IllegalArgumentException("stage sighting: run_id and record id are required");
        }
        if (!RunStages.GENERATION.equals(stage) && !RunStages.PARSING.equals(stage)) {
            throw new IllegalArgumentException("stage sighting: unknown stage \"" + stage + "\"");
        }
    }
}
