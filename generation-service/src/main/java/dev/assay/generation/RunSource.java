package dev.assay.generation;

import com.fasterxml.jackson.annotation.JsonValue;

import java.util.Locale;

/** How the registry learnt of a run. */
public enum RunSource {
    /** Submitted through {@code POST /api/runs}: the expected result count is known. */
    API,
    /** Jobs published straight to Kafka: the run is registered when its first result arrives. */
    KAFKA;

    @JsonValue
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static RunSource fromWire(String value) {
        return valueOf(value.toUpperCase(Locale.ROOT));
    }
}
