package dev.assay.common.nugget;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

import java.util.Locale;

/**
 * What went wrong reading a nugget judge's answer: {@code truncation} (fewer labels than nuggets),
 * {@code count_mismatch} (more), {@code format_error} (no labels in any accepted format),
 * {@code unreadable_label} (a label list with items that are no label word; the detail names them).
 */
public enum NuggetParseError {
    NONE, TRUNCATION, COUNT_MISMATCH, FORMAT_ERROR, UNREADABLE_LABEL;

    @JsonValue
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    @JsonCreator
    public static NuggetParseError fromWire(String value) {
        for (NuggetParseError error : values()) {
            if (error.wireName().equals(value)) {
                return error;
            }
        }
        throw new IllegalArgumentException("unknown nugget parse error \"" + value + "\"");
    }
}
