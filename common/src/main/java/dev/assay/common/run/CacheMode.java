package dev.assay.common.run;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.json.WireNames;

/**
 * How a run uses the response cache: {@code read_write} (the default) answers identical calls from
 * the cache and stores new answers; {@code read_only} answers from it but stores nothing; {@code off}
 * calls every model afresh.
 */
public enum CacheMode {
    READ_WRITE, READ_ONLY, OFF;

    @JsonValue
    public String wireName() {
        return WireNames.of(this);
    }

    public static CacheMode fromWire(String value) {
        return WireNames.read(values(), value, "cache mode", "expected one of");
    }

    /** YAML reads an unquoted {@code cache: off} as false, so false is {@code off} (and true {@code read_write}). */
    @JsonCreator
    public static CacheMode fromJson(JsonNode value) {
        if (value.isBoolean()) {
            return value.booleanValue() ? READ_WRITE : OFF;
        }
        if (!value.isTextual()) {
            throw new IllegalArgumentException("cache mode: expected one of read_write, read_only, off, got " + value);
        }
        return fromWire(value.textValue());
    }

    public boolean reads() {
        return this != OFF;
    }

    public boolean writes() {
        return this == READ_WRITE;
    }
}
