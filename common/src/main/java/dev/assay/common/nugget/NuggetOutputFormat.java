package dev.assay.common.nugget;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import dev.assay.common.json.WireNames;

import java.util.List;

/**
 * The format the nugget judge is asked to answer in. {@code adaptive} asks for none in particular
 * and accepts any of the others.
 */
public enum NuggetOutputFormat {
    JSON, MARKDOWN, CSV, YAML, XML, ADAPTIVE;

    @JsonValue
    public String wireName() {
        return WireNames.of(this);
    }

    public static List<String> wireNames() {
        return WireNames.all(values());
    }

    @JsonCreator
    public static NuggetOutputFormat fromWire(String value) {
        return WireNames.read(values(), value, "nugget output format", "valid formats:");
    }
}
