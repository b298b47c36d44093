package dev.assay.common.run;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import dev.assay.common.validation.Suggestions;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** What a run evaluates: the template, the rubric, or both. */
public enum EvaluationMode {
    TEMPLATE_ONLY, TEMPLATE_AND_RUBRIC, RUBRIC_ONLY;

    @JsonValue
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public boolean usesTemplate() {
        return this != RUBRIC_ONLY;
    }

    public boolean usesRubric() {
        return this != TEMPLATE_ONLY;
    }

    @JsonCreator
    public static EvaluationMode fromWire(String value) {
        for (EvaluationMode mode : values()) {
            if (mode.wireName().equals(value)) {
                return mode;
            }
        }
        List<String> names = Arrays.stream(values()).map(EvaluationMode::wireName).toList();
        throw new IllegalArgumentException("unknown evaluation mode \"" + value + "\"" + Suggestions.didYouMean(value, names)
                + "; expected one of " + String.join(", ", names));
    }
}
