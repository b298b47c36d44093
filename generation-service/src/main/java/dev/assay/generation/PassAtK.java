package dev.assay.generation;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/**
 * pass@k of one group: the chance that at least one of k verdicts drawn without replacement from a
 * question's verdicts passed, averaged over questions.
 *
 * @param questions questions with at least k verdicts, the only ones that count for this k
 * @param value     null when no question has k verdicts
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record PassAtK(int k, int questions, Double value) {
}
