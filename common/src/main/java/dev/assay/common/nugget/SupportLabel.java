package dev.assay.common.nugget;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

import java.util.Locale;

/** How far a response (or a passage) supports a nugget. */
public enum SupportLabel {
    SUPPORT, PARTIAL_SUPPORT, NOT_SUPPORT;

    @JsonValue
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    @JsonCreator
    public static SupportLabel fromWire(String value) {
        for (SupportLabel label : values()) {
            if (label.wireName().equals(value)) {
                return label;
            }
        }
        throw new IllegalArgumentException("unknown support label \"" + value + "\"; expected support, partial_support or not_support");
    }
}
