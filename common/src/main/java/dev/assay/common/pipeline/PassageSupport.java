package dev.assay.common.pipeline;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.assay.common.nugget.SupportLabel;

import java.util.List;

/** How one passage supports each nugget (in nugget order; null where unread). */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PassageSupport(String source, List<SupportLabel> labels) {
    public PassageSupport {
        labels = labels == null ? List.of() : java.util.Collections.unmodifiableList(new java.util.ArrayList<>(labels));
    }
}
