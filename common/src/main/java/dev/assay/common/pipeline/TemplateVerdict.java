package dev.assay.common.pipeline;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import java.util.List;

/**
 * The template's verdict: whether the parsed answer matches the ground truth, and a granular
 * score (the weighted mean of the field scores).
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record TemplateVerdict(boolean passed, double score, List<FieldVerdict> fields) {
    public TemplateVerdict {
        fields = fields == null ? List.of() : List.copyOf(fields);
    }
}
