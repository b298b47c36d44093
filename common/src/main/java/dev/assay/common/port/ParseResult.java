package dev.assay.common.port;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/**
 * A judge's structured answer.
 *
 * @param parsed     the JSON object the judge produced, conforming to the requested schema
 * @param usage      tokens and cost, summed over repair attempts
 * @param rawContent the judge's response text before parsing, kept for audit; may be null
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record ParseResult(JsonNode parsed, UsageMetadata usage, String rawContent) {
    public ParseResult {
        if (parsed == null) {
            throw new IllegalArgumentException("parse result: parsed must not be null (throw MalformedResponseException instead)");
        }
        usage = usage == null ? UsageMetadata.EMPTY : usage;
    }
}
