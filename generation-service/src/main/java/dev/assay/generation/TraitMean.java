package dev.assay.generation;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/**
 * One trait over a group of results.
 *
 * @param scored    results where the trait was scored
 * @param errors    results where it could not be (its error is in the result)
 * @param passRate  share of scored results where it passed (boolean, regex, boolean expressions); null for other kinds
 * @param meanScore mean score (score traits, literal class index, metric F1); null for kinds without a score
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record TraitMean(String name, String kind, long scored, long errors, Double passRate, Double meanScore) {
}
