package dev.assay.common.pipeline;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.assay.common.benchmark.NuggetImportance;
import dev.assay.common.nugget.SupportLabel;

/** One nugget and the label the judge gave it; {@code label} is null when its window could not be read. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record NuggetJudgement(String text, NuggetImportance importance, SupportLabel label) {
}
