package dev.assay.common.benchmark;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import dev.assay.common.validation.Suggestions;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** How much a nugget matters: vital nuggets are what an answer must have; okay ones are nice to have. */
public enum NuggetImportance {
    VITAL, OKAY;

    @JsonValue
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    @JsonCreator
    public static NuggetImportance fromWire(String value) {
        for (NuggetImportance importance : values()) {
            if (importance.wireName().equals(value)) {
                return importance;
            }
        }
        List<String> names = Arrays.stream(values()).map(NuggetImportance::wireName).toList();
        throw new IllegalArgumentException("unknown importance \"" + value + "\"" + Suggestions.didYouMean(value, names)
                + "; expected one of " + String.join(", ", names));
    }
}
