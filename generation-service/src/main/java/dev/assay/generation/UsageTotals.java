package dev.assay.generation;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import java.math.BigDecimal;

/**
 * The sum of {@code usage.total} over a run's stored results. A figure is null when no result
 * reported it, which is different from zero (as in {@code UsageMetadata}).
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record UsageTotals(Long inputTokens, Long outputTokens, Long totalTokens, BigDecimal costUsd) {

    public static final UsageTotals NONE = new UsageTotals(null, null, null, null);

    public UsageTotals plus(UsageTotals other) {
        return new UsageTotals(add(inputTokens, other.inputTokens), add(outputTokens, other.outputTokens),
                add(totalTokens, other.totalTokens),
                costUsd == null ? other.costUsd : other.costUsd == null ? costUsd : costUsd.add(other.costUsd));
    }

    private static Long add(Long a, Long b) {
        return a == null ? b : b == null ? a : Long.valueOf(a + b);
    }
}
