package dev.assay.generation;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/**
 * How far a run has got in each stage of the pipeline, from the records seen on each stage's
 * output topic (generation: {@code assay.answers}; parsing: {@code assay.parsed}) and the results
 * stored (the rubric stage's output is the finished result).
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record RunStages(StageCount generation, StageCount parsing, StageCount rubric) {

    public static final String GENERATION = "generation";
    public static final String PARSING = "parsing";

    public RunStages {
        if (generation == null || parsing == null || rubric == null) {
            throw new IllegalArgumentException("run stages: every stage is required");
        }
    }

    /**
     * One stage's records.
     *
     * @param done     records that left the stage (a job answered; one judge's parse; a result stored)
     * @param failed   of those, records whose stage failed (they go on and end as error results)
     * @param expected records the stage will produce (jobs; jobs × judges); null when unknown
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record StageCount(long done, long failed, Integer expected) {
        public StageCount {
            if (done < 0 || failed < 0 || failed > done) {
                throw new IllegalArgumentException("stage count: need 0 <= failed <= done, got " + failed + " of " + done);
            }
        }
    }
}
