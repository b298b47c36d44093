package dev.assay.common.run;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import dev.assay.common.validation.Suggestions;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * How LLM-judged traits are asked: {@code batch} puts every trait of a kind in one judge call
 * (fewer calls, one shared context); {@code sequential} asks one call per trait (independent
 * verdicts, more calls).
 */
public enum RubricStrategy {
    BATCH, SEQUENTIAL;

    @JsonValue
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    @JsonCreator
    public static RubricStrategy fromWire(String value) {
        for (RubricStrategy strategy : values()) {
            if (strategy.wireName().equals(value)) {
                return strategy;
            }
        }
        List<String> names = Arrays.stream(values()).map(RubricStrategy::wireName).toList();
        throw new IllegalArgumentException("unknown rubric strategy \"" + value + "\"" + Suggestions.didYouMean(value, names)
                + "; expected one of " + String.join(", ", names));
    }
}
