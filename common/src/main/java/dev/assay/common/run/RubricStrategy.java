package dev.assay.common.run;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import dev.assay.common.json.WireNames;


/**
 * How LLM-judged traits are asked: {@code batch} puts every trait of a kind in one judge call
 * (fewer calls, one shared context); {@code sequential} asks one call per trait (independent
 * verdicts, more calls).
 */
public enum RubricStrategy {
    BATCH, SEQUENTIAL;

    @JsonValue
    public String wireName() {
        return WireNames.of(this);
    }

    @JsonCreator
    public static RubricStrategy fromWire(String value) {
        return WireNames.read(values(), value, "rubric strategy", "expected one of");
    }
}
