package dev.assay.generation;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

import java.util.Map;

/**
 * What one replay of the dead-letter topic did (docs/messaging.md, Replaying dead letters).
 *
 * @param replayed   records re-published to the topic they were dead-lettered from
 * @param passedOver records left out: dead-lettered from another topic than the one asked for, or
 *                   carrying no {@code dead-letter-topic} header; a later replay does not see them
 *                   again unless it starts from the beginning
 * @param failedAgain records passed over because they failed again after an earlier replay (their
 *                    {@code assay-replay-count} header), so a record that keeps failing is not replayed
 *                    in a loop; replayed with {@code include_failed_replays}
 * @param byTopic    the replayed records per original topic
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record DeadLetterReplay(
        @Schema(description = "records re-published to the topic they were dead-lettered from") int replayed,
        @Schema(description = "records left out (another topic than the one asked for, or no dead-letter-topic header)")
        int passedOver,
        @Schema(description = "records passed over because they failed again after an earlier replay")
        int failedAgain,
        @Schema(description = "replayed records per original topic") Map<String, Integer> byTopic) {

    public DeadLetterReplay {
        if (replayed < 0 || passedOver < 0 || failedAgain < 0) {
            throw new IllegalArgumentException("counts must not be negative: replayed " + replayed + ", passed over " + passedOver
                    + ", failed again " + failedAgain);
        }
        byTopic = Map.copyOf(byTopic);
    }
}
