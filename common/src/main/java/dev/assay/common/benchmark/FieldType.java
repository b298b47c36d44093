package dev.assay.common.benchmark;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import dev.assay.common.text.Suggestions;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** The type of an answer-template field, as the judge must fill it. */
public enum FieldType {
    STRING, INTEGER, NUMBER, BOOLEAN, LIST, LITERAL, DATE;

    @JsonValue
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    @JsonCreator
    public static FieldType fromWire(String value) {
        for (FieldType type : values()) {
            if (type.wireName().equals(value)) {
                return type;
            }
        }
        throw new IllegalArgumentException("unknown field type \"" + value + "\"" + Suggestions.didYouMean(value, wireNames())
                + "; expected one of " + String.join(", ", wireNames()));
    }

    public static List<String> wireNames() {
        return Arrays.stream(values()).map(FieldType::wireName).toList();
    }
}
