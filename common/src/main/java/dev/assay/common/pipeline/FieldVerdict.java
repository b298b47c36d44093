package dev.assay.common.pipeline;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/**
 * How one parsed field compared with its ground truth.
 *
 * @param score  in [0, 1]; 1 or 0 for pass/fail primitives, graded for others
 * @param detail why it passed or failed, for people reading results
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record FieldVerdict(String field, String primitive, JsonNode expected, JsonNode actual, boolean passed, double score,
                           String detail) {
    public FieldVerdict {
        if (score < 0 || score > 1 || Double.isNaN(score)) {
            throw new IllegalArgumentException("field verdict " + field + ": score must be in [0, 1], got " + score);
        }
    }
}
