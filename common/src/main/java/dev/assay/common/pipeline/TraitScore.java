package dev.assay.common.pipeline;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/**
 * A rubric trait's outcome for one response.
 *
 * @param passed    the verdict of a boolean or regex trait; null when the trait could not be scored
 * @param score     a numeric score, for trait kinds that have one
 * @param reasoning the judge's reasoning, when it gave one
 * @param error     why the trait could not be scored; other traits are unaffected
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record TraitScore(String name, String kind, Boolean passed, Double score, String reasoning, String error) {
}
