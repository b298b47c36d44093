package dev.assay.generation;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/**
 * Nugget recall over a group of results. By default castorini/nuggetizer's means: over every evaluated
 * response, an unlabelled nugget (its window failed) counting as not supported and a question
 * without vital nuggets as 0 in the vital means; with {@code assay.scores.nugget-means=labelled-only}
 * the means of the fully labelled responses' own figures. Either way {@code unscored} counts the
 * responses whose nuggets could not all be labelled (docs/nuggets.md).
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
