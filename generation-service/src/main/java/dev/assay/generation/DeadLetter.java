package dev.assay.generation;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

import java.time.Instant;
import java.util.Map;

/**
 * One record of {@code assay.dlq} as {@code GET /api/dead-letters} shows it (docs/api.md): where it
 * is, why and from where it was dead-lettered, and a readable start of its value; read whole
 * ({@code GET /api/dead-letters/{partition}/{offset}}), also its value and headers.
 *
 * @param replays how many replays it had gone through when it failed again (its
 *                {@code assay-replay-count} header); 0 for a record that failed once
 * @param envelope the record stands for one too large to dead-letter whole: value_prefix is all of it there is
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record DeadLetter(
        @Schema(description = "the record's partition in assay.dlq") int partition,
        @Schema(description = "the record's offset in its partition of assay.dlq") long offset,
        @Schema(description = "when it was dead-lettered (the record's timestamp)") Instant time,
        @Schema(description = "the record's key, as UTF-8 text") String key,
        @Schema(description = "why it was dead-lettered (dead-letter-reason)") String reason,
        @Schema(description = "where it came from") Origin origin,
        @Schema(description = "the size of the original value in bytes") long sizeBytes,
        @Schema(description = "the start of the value, at most 200 characters") String valuePrefix,
        @Schema(description = "utf-8, or base64 for a value that is not UTF-8 text") String valueEncoding,
        @Schema(description = "whether value_prefix (or, read whole, value) is shorter than the original value") boolean truncated,
        @Schema(description = "whether the record is an envelope for a record too large to dead-letter whole") boolean envelope,
        @Schema(description = "replays it had gone through when it failed again; 0 when it failed once") int replays,
        @Schema(description = "the whole value (only when read one at a time)") String value,
        @Schema(description = "every header, as UTF-8 text (only when read one at a time)") Map<String, String> headers) {

    /** The topic, partition and offset the record was dead-lettered from; parts the headers do not name are null. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Origin(String topic, Integer partition, Long offset) {
    }

    /** This dead letter without its whole value and headers, as a list shows it. */
    public DeadLetter summary() {
        return new DeadLetter(partition, offset, time, key, reason, origin, sizeBytes, valuePrefix, valueEncoding,
                truncated, envelope, replays, null, null);
    }
}
