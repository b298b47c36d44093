package dev.assay.common.port;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import java.util.List;

/**
 * A judge's structured answer.
 *
 * @param parsed     the JSON object the judge produced, conforming to the requested schema
 * @param usage      tokens and cost, summed over repair attempts
 * @param rawContent the judge's response text before parsing, kept for audit; may be null
 * @param coercions  the values of the answer read as another type to fit the schema, each naming the field, the
 *                   value given and what it became ({@code verdict: "yes" read as true}); empty when none
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record ParseResult(JsonNode parsed, UsageMetadata usage, String rawContent, List<String> coercions) {
    public ParseResult {
        if (parsed == null) {
            throw new IllegalArgumentException("parse result: parsed must not be null (throw MalformedResponseException instead)");
        }
        usage = usage == null ? UsageMetadata.EMPTY : usage;
        coercions = coercions == null ? List.of() : List.copyOf(coercions);
    }

    /** An answer read as given, nothing coerced. */
    public ParseResult(JsonNode parsed, UsageMetadata usage, String rawContent) {
        this(parsed, usage, rawContent, List.of());
    }
}
