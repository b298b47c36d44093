package dev.assay.common.nugget;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import dev.assay.common.validation.Suggestions;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The format the nugget judge is asked to answer in. {@code adaptive} asks for none in particular
 * and accepts any of the others.
 */
public enum NuggetOutputFormat {
    JSON, MARKDOWN, CSV, YAML, XML, ADAPTIVE;

    @JsonValue
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static List<String> wireNames() {
        return Arrays.stream(values()).map(NuggetOutputFormat::wireName).toList();
    }

    @JsonCreator
    public static NuggetOutputFormat fromWire(String value) {
        for (NuggetOutputFormat format : values()) {
            if (format.wireName().equals(value)) {
                return format;
            }
        }
        throw new IllegalArgumentException("unknown nugget output format \"" + value + "\"" + Suggestions.didYouMean(value, wireNames())
                + "; valid formats: " + String.join(", ", wireNames()));
    }
}
