package dev.assay.common.pipeline;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/** A yes/no check a judge made about the response (abstention, sufficiency), with its reasoning. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record JudgeCheck(boolean detected, String reasoning) {
    public JudgeCheck {
        reasoning = reasoning == null ? "" : reasoning;
    }
}
