package dev.assay.generation;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/**
 * Nugget recall over a group of results: the means of the per-response figures. Responses whose
 * nuggets could not all be labelled have no scores and are counted in {@code unscored}, never as zero.
 *
 * @param evaluated results whose question has nuggets
 * @param scored    results with scores (every nugget labelled)
 * @param unscored  evaluated minus scored
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record NuggetMeans(long evaluated, long scored, long unscored, Double strictVitalRecall, Double strictAllRecall,
                          Double vitalRecall, Double allRecall) {
}
