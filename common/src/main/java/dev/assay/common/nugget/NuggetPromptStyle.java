package dev.assay.common.nugget;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import dev.assay.common.validation.Suggestions;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * How the nugget judge is asked. Each style is its own template file in rubric-service
 * ({@code nugget-prompts/<style>.txt}): from a bare labelling request to step-by-step reasoning.
 */
public enum NuggetPromptStyle {
    NO_REASONING, SHORT_COT, LONG_COT, LEGACY, OPTIMIZED;

    @JsonValue
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static List<String> wireNames() {
        return Arrays.stream(values()).map(NuggetPromptStyle::wireName).toList();
    }

    @JsonCreator
    public static NuggetPromptStyle fromWire(String value) {
        for (NuggetPromptStyle style : values()) {
            if (style.wireName().equals(value)) {
                return style;
            }
        }
        throw new IllegalArgumentException("unknown nugget prompt style \"" + value + "\"" + Suggestions.didYouMean(value, wireNames())
                + "; valid styles: " + String.join(", ", wireNames()));
    }
}
