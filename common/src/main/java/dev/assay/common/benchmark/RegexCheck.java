package dev.assay.common.benchmark;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.assay.common.validation.Problems;
import dev.assay.common.text.Suggestions;
import dev.assay.common.validation.Validatable;

import java.util.List;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * A check on the raw response, next to the parsed fields: {@code pattern} is searched in the
 * response and {@code must} say whether it has to be found ({@code match}, default) or not
 * ({@code not_match}); {@code flags}: {@code ignore_case}, {@code multiline}, {@code dotall}.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RegexCheck(String pattern, String must, List<String> flags) implements Validatable {

    public static final String MATCH = "match";
    public static final String NOT_MATCH = "not_match";
    public static final List<String> MUSTS = List.of(MATCH, NOT_MATCH);

    public RegexCheck {
        flags = flags == null ? null : List.copyOf(flags);
    }

    @JsonIgnore
    public boolean mustMatch() {
        return !NOT_MATCH.equals(must);
    }

    public Pattern compiled() {
        return RegexFlags.compile(pattern, RegexFlags.of(flags == null ? List.of() : flags, (i, message) -> {
            throw new IllegalArgumentException(message);
        }));
    }

    @Override
    public void validate(String path, Problems problems) {
        if (must != null && !MUSTS.contains(must)) {
            problems.add(Problems.field(path, "must"), "unknown value \"" + must + "\"" + Suggestions.didYouMean(must, MUSTS)
                    + "; expected match or not_match");
        }
        int flagBits = RegexFlags.of(flags == null ? List.of() : flags,
                (i, message) -> problems.add(Problems.index(Problems.field(path, "flags"), i), message));
        if (problems.require(Problems.field(path, "pattern"), pattern)) {
            try {
                RegexFlags.compile(pattern, flagBits);
            } catch (PatternSyntaxException e) {
                problems.add(Problems.field(path, "pattern"), "invalid regular expression: " + e.getDescription() + " near index " + e.getIndex());
            }
        }
    }
}
