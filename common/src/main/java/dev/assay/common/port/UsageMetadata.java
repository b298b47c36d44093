package dev.assay.common.port;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import java.math.BigDecimal;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * Token and cost accounting for one LLM call, or a sum over several.
 *
 * <p>Every figure is nullable: null means "not reported", which is different from zero. Sums
 * keep that distinction: a figure is null only when no call reported it.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record UsageMetadata(
        Long inputTokens,
        Long outputTokens,
        Long totalTokens,
        BigDecimal costUsd,
        Long cacheReadTokens,
        Long cacheCreationTokens,
        String model) {

    /** Nothing reported: the neutral element of {@link #plus}. */
    public static final UsageMetadata EMPTY = new UsageMetadata(null, null, null, null, null, null, null);

    public UsageMetadata {
        requireNonNegative("input_tokens", inputTokens);
        requireNonNegative("output_tokens", outputTokens);
        requireNonNegative("total_tokens", totalTokens);
        requireNonNegative("cache_read_tokens", cacheReadTokens);
        requireNonNegative("cache_creation_tokens", cacheCreationTokens);
        if (costUsd != null && costUsd.signum() < 0) {
            throw new IllegalArgumentException("usage: cost_usd must not be negative, got " + costUsd);
        }
        if (model != null && model.isBlank()) {
            model = null;
        }
    }

    /** Usage of one call that reported input and output tokens; total is their sum. */
    public static UsageMetadata of(String model, long inputTokens, long outputTokens) {
        return new UsageMetadata(inputTokens, outputTokens, inputTokens + outputTokens, null, null, null, model);
    }

    /**
     * The sum of this usage and {@code other}. Each figure is summed where both reported it,
     * taken from the one that did otherwise, and stays null when neither did. Models are kept as
     * a comma-separated list of distinct names, in first-seen order.
     */
    public UsageMetadata plus(UsageMetadata other) {
        if (other == null) {
            return this;
        }
        return new UsageMetadata(
                add(inputTokens, other.inputTokens),
                add(outputTokens, other.outputTokens),
                add(totalTokens, other.totalTokens),
                costUsd == null ? other.costUsd : other.costUsd == null ? costUsd : costUsd.add(other.costUsd),
                add(cacheReadTokens, other.cacheReadTokens),
                add(cacheCreationTokens, other.cacheCreationTokens),
                mergeModels(model, other.model));
    }


    private static Long add(Long a, Long b) {
        if (a == null) {
            return b;
        }
        return b == null ? a : Long.valueOf(a + b);
    }

    private static String mergeModels(String a, String b) {
        if (a == null) {
            return b;
        }
        if (b == null) {
            return a;
        }
        Set<String> names = new LinkedHashSet<>();
        for (String name : (a + "," + b).split(",")) {
            names.add(name.strip());
        }
        return String.join(",", names);
    }

    private static void requireNonNegative(String field, Long value) {
        if (value != null && value < 0) {
            throw new IllegalArgumentException("usage: " + field + " must not be negative, got " + value);
        }
    }
}
