package dev.assay.common.pipeline;

import com.fasterxml.jackson.annotation.JsonValue;

import java.util.Locale;

/** The headline of a result. */
public enum ResultStatus {
    /** The template verification passed. */
    PASSED,
    /** The template verification failed. */
    FAILED,
    /** No template in this mode (rubric_only): the rubric scores are the outcome. */
    SCORED,
    /** The answering model abstained. */
    ABSTAINED,
    /** The response lacks what the template needs (sufficiency check); nothing was parsed. */
    INSUFFICIENT,
    /** No verdict: a call or guard failed; see the failure. */
    ERROR;

    @JsonValue
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
