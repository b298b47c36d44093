package dev.assay.generation;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import java.util.List;
import java.util.Map;

/**
 * The means of one group of results.
 *
 * @param answeringModel   null for the run as a whole
 * @param judge            null for the run as a whole
 * @param results          results stored in the group
 * @param byStatus         results per status (only statuses that occur)
 * @param templatePassRate passed / (passed + failed): results with a template verdict; null when none has one
 * @param traits           per rubric trait, in name order
 * @param nuggets          nugget recall means; null when no result in the group has nuggets
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ScoreGroup(String answeringModel, String judge, long results, Map<String, Long> byStatus, Double templatePassRate,
                         List<TraitMean> traits, NuggetMeans nuggets) {
}
