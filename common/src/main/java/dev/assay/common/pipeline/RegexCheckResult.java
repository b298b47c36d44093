package dev.assay.common.pipeline;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/**
 * The outcome of one regex check on the raw response.
 *
 * @param must    {@code match} or {@code not_match}
 * @param matched whether the pattern was found in the response
 * @param passed  whether that is what {@code must} asked
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record RegexCheckResult(String pattern, String must, boolean matched, boolean passed) {
}
