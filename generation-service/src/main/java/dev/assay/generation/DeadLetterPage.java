package dev.assay.generation;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

import java.util.List;

/**
 * The newest dead letters ({@code GET /api/dead-letters}, docs/api.md), oldest first.
 *
 * @param total every dead letter matching the request, of which {@code deadLetters} are the newest
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record DeadLetterPage(
        @Schema(description = "dead letters matching the request in assay.dlq") long total,
        @Schema(description = "the newest of them, at most limit, oldest first") List<DeadLetter> deadLetters) {

    public DeadLetterPage {
        deadLetters = List.copyOf(deadLetters);
    }
}
