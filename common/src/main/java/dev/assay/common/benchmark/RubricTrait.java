package dev.assay.common.benchmark;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.assay.common.validation.Problems;
import dev.assay.common.validation.Suggestions;
import dev.assay.common.validation.Validatable;

import java.util.List;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * A quality of the response to score.
 *
 * <ul>
 *   <li>{@code boolean}: the judge answers yes or no to {@code description};</li>
 *   <li>{@code regex}: {@code pattern} is searched in the response, locally (no judge call);
 *       {@code invert} makes a match a failure.</li>
 * </ul>
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RubricTrait(String name, String kind, String description, String pattern, Boolean caseSensitive,
                          Boolean invert) implements Validatable {

    public static final String BOOLEAN = "boolean";
    public static final String REGEX = "regex";
    public static final List<String> KINDS = List.of(BOOLEAN, REGEX);

    @JsonIgnore
    public boolean isCaseSensitive() {
        return !Boolean.FALSE.equals(caseSensitive);
    }

    @JsonIgnore
    public boolean isInverted() {
        return Boolean.TRUE.equals(invert);
    }

    /** The compiled pattern of a regex trait. */
    public Pattern compiledPattern() {
        return Pattern.compile(pattern, isCaseSensitive() ? 0 : Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
    }

    @Override
    public void validate(String path, Problems problems) {
        problems.require(Problems.field(path, "name"), name);
        if (kind == null || kind.isBlank()) {
            problems.add(Problems.field(path, "kind"), "is required (one of " + String.join(", ", KINDS) + ")");
            return;
        }
        if (!KINDS.contains(kind)) {
            problems.add(Problems.field(path, "kind"), "unknown trait kind \"" + kind + "\"" + Suggestions.didYouMean(kind, KINDS)
                    + "; known kinds: " + String.join(", ", KINDS));
            return;
        }
        if (BOOLEAN.equals(kind)) {
            problems.require(Problems.field(path, "description"), description);
        }
        if (REGEX.equals(kind)) {
            if (problems.require(Problems.field(path, "pattern"), pattern)) {
                try {
                    compiledPattern();
                } catch (PatternSyntaxException e) {
                    problems.add(Problems.field(path, "pattern"), "invalid regular expression: " + e.getDescription()
                            + " near index " + e.getIndex());
                }
            }
        }
    }
}
