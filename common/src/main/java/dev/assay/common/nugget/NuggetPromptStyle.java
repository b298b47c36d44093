package dev.assay.common.nugget;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import dev.assay.common.json.WireNames;

import java.util.List;

/**
 * How the nugget judge is asked. Each style is its own template file in rubric-service
 * ({@code nugget-prompts/<style>.txt}): from a bare labelling request to step-by-step reasoning.
 */
public enum NuggetPromptStyle {
    NO_REASONING, SHORT_COT, LONG_COT, LEGACY, OPTIMIZED;

    @JsonValue
    public String wireName() {
        return WireNames.of(this);
    }

    public static List<String> wireNames() {
        return WireNames.all(values());
    }

    @JsonCreator
    public static NuggetPromptStyle fromWire(String value) {
        return WireNames.read(values(), value, "nugget prompt style", "valid styles:");
    }
}
