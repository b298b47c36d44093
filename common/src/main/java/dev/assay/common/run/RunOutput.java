package dev.assay.common.run;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import java.util.Map;

/**
 * One run of one item of a multi-run prompt.
 *
 * @param name       the item's name
 * @param repetition 1-based, within the item
 * @param response   the model's last answer in this run
 * @param variables  the variables this run filled (multi-variable prompts), in order
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RunOutput(String name, int repetition, String response, Map<String, String> variables) {
    public RunOutput {
        variables = variables == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(variables));
    }
}
