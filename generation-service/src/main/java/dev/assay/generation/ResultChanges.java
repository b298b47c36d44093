package dev.assay.generation;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.assay.common.pipeline.VerificationResult;

import java.util.List;

/**
 * The results of a run stored or updated since a cursor (docs/api.md, "Following the results"):
 * {@code more} says another read with {@code cursor} has more at once; otherwise {@code cursor} is
 * where the next read starts, later. A result may come again in a later answer (updated meanwhile,
 * or written by a transaction that ended while this one was read): the later copy is the one stored.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record ResultChanges(String runId, String cursor, boolean more, List<VerificationResult> results) {
}
