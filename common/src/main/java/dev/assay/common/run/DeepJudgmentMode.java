package dev.assay.common.run;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import dev.assay.common.json.WireNames;

/**
 * How a judge reads a response into the template (run config {@code deep_judgment.mode}):
 * directly ({@code disabled}), through per-attribute reasoning first ({@code reasoning_only}, two
 * calls), or through verbatim excerpts, then reasoning ({@code full}, three calls).
 */
public enum DeepJudgmentMode {
    DISABLED, REASONING_ONLY, FULL;

    @JsonValue
    public String wireName() {
        return WireNames.of(this);
    }

    public boolean enabled() {
        return this != DISABLED;
    }

    /** Whether excerpts are quoted and checked against the response. */
    public boolean extractsExcerpts() {
        return this == FULL;
    }

    @JsonCreator
    public static DeepJudgmentMode fromWire(String value) {
        return WireNames.read(values(), value, "deep judgment mode", "expected one of");
    }
}
