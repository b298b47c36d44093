package dev.assay.common.run;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import dev.assay.common.json.WireNames;


/** What a run evaluates: the template, the rubric, or both. */
public enum EvaluationMode {
    TEMPLATE_ONLY, TEMPLATE_AND_RUBRIC, RUBRIC_ONLY;

    @JsonValue
    public String wireName() {
        return WireNames.of(this);
    }

    public boolean usesTemplate() {
        return this != RUBRIC_ONLY;
    }

    public boolean usesRubric() {
        return this != TEMPLATE_ONLY;
    }

    @JsonCreator
    public static EvaluationMode fromWire(String value) {
        return WireNames.read(values(), value, "evaluation mode", "expected one of");
    }
}
