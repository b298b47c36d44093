package dev.assay.common.pipeline;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import java.util.List;

/**
 * What the presence check made of a rubric's dynamic traits.
 *
 * @param promoted traits whose concept the response is about: scored, and in the result's traits
 * @param skipped  traits whose concept it is not about: not scored
 * @param error    why the presence check failed; then every dynamic trait is skipped
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record DynamicRubricOutcome(List<String> promoted, List<String> skipped, String error) {
    public DynamicRubricOutcome {
        promoted = promoted == null ? List.of() : List.copyOf(promoted);
        skipped = skipped == null ? List.of() : List.copyOf(skipped);
    }
}
