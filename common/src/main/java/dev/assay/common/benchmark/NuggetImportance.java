package dev.assay.common.benchmark;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import dev.assay.common.json.WireNames;


/** How much a nugget matters: vital nuggets are what an answer must have; okay ones are nice to have. */
public enum NuggetImportance {
    VITAL, OKAY;

    @JsonValue
    public String wireName() {
        return WireNames.of(this);
    }

    @JsonCreator
    public static NuggetImportance fromWire(String value) {
        return WireNames.read(values(), value, "importance", "expected one of");
    }
}
