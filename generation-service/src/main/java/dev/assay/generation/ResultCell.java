package dev.assay.generation;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import java.math.BigDecimal;
import java.util.List;

/**
 * One result as a cell of the viewer's matrix: where it sits, its verdict and what the filters and
 * charts need — never the response or the prompts, so a run of 10,000 results is one small download.
 *
 * @param failureCategory the failure's category ({@code content}, {@code autofail}, …); null without a failure
 * @param failureStage    the stage the failure happened in; null without a failure
 * @param traits          every rubric trait's outcome: passed for verdict kinds, score for scored kinds, error when not scored
 * @param latencyMs       the stages' wall times added up; null when none was recorded
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ResultCell(String resultId, String questionId, String answeringModel, String judge, int replicate,
                         String status, String failureCategory, String failureStage, List<Trait> traits,
                         Long totalTokens, BigDecimal costUsd, Long latencyMs) {

    public ResultCell {
        traits = traits == null ? List.of() : List.copyOf(traits);
    }

    /** A trait's outcome in one result. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Trait(String name, Boolean passed, Double score, Boolean error) {
    }
}
