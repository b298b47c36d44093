package dev.assay.common.pipeline;

import com.fasterxml.jackson.annotation.JsonValue;

import java.util.Locale;

/** The pipeline stage a call, a timing or a failure belongs to. */
public enum Stage {
    GENERATION, PARSING, RUBRIC;

    @JsonValue
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
