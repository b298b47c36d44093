package dev.assay.common.benchmark;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.assay.common.validation.Problems;
import dev.assay.common.validation.Validatable;

/**
 * An information nugget: one fact a good answer contains. The judge labels each nugget as
 * supported, partly supported or not supported by the response (docs/nuggets.md).
 *
 * @param importance {@code vital} or {@code okay} (default); vital recall counts only vital nuggets
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Nugget(String text, NuggetImportance importance) implements Validatable {

    public Nugget {
        importance = importance == null ? NuggetImportance.OKAY : importance;
    }

    @JsonIgnore
    public boolean isVital() {
        return importance == NuggetImportance.VITAL;
    }

    @Override
    public void validate(String path, Problems problems) {
        problems.require(Problems.field(path, "text"), text);
    }
}
