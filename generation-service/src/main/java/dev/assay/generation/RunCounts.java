package dev.assay.generation;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import java.util.Map;

/**
 * How far a run has got.
 *
 * @param jobs     jobs published (question × answering model × replicate); null when not submitted through the API
 * @param expected results expected (jobs × judges); null when unknown
 * @param done     results stored
 * @param pending  expected minus done; null when the expected count is unknown
 * @param failed   results without a verdict (status {@code error})
 * @param byStatus stored results per result status, every status listed
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record RunCounts(Integer jobs, Integer expected, long done, Long pending, long failed, Map<String, Long> byStatus) {
}
