package dev.assay.common.pipeline;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/**
 * What the embedding check did with a failed template verdict (Karenina's stage 9).
 *
 * @param model           the embedding model asked
 * @param similarity      cosine similarity of the parse and the ground truth (null when the embeddings could not be had)
 * @param threshold       the threshold it was held against
 * @param judgeConfirmed  the judge's answer to "are these equivalent?", when asked (only at or above the threshold)
 * @param overrideApplied whether the field failure was overridden
 * @param error           why the check could not decide (the embeddings call or the judge failed); never overrides
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record EmbeddingCheck(String model, Double similarity, double threshold, Boolean judgeConfirmed, boolean overrideApplied,
                             String error) {
}
