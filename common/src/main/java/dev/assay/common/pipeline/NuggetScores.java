package dev.assay.common.pipeline;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/**
 * Recall over nuggets. Strict figures count only {@code support}; the others give
 * {@code partial_support} half credit. Vital figures are null when the question has no vital nugget.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record NuggetScores(Double strictVitalRecall, Double strictAllRecall, Double vitalRecall, Double allRecall) {
}
