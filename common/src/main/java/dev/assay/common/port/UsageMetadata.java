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
    public static final UsageMetadata EMPTY = builder().build();

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
        return builder().inputTokens(inputTokens).outputTokens(outputTokens).totalTokens(inputTokens + outputTokens).model(model)
                .build();
    }

    /** Usage with nothing reported yet; set the figures a call reported. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding this usage's figures, to build a changed copy. */
    public Builder toBuilder() {
        return new Builder().inputTokens(inputTokens).outputTokens(outputTokens).totalTokens(totalTokens)
                .costUsd(costUsd).cacheReadTokens(cacheReadTokens).cacheCreationTokens(cacheCreationTokens)
                .model(model);
    }

    /** This usage with a cost (every other figure kept). */
    public UsageMetadata withCostUsd(BigDecimal cost) {
        return toBuilder().costUsd(cost).build();
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

    /** Builds a usage figure by figure; {@link #build} runs the record's constructor. Unset figures stay null (not reported). */
    public static final class Builder {
        private Long inputTokens;
        private Long outputTokens;
        private Long totalTokens;
        private BigDecimal costUsd;
        private Long cacheReadTokens;
        private Long cacheCreationTokens;
        private String model;

        private Builder() {
        }

        public Builder inputTokens(Long inputTokens) {
            this.inputTokens = inputTokens;
            return this;
        }

        public Builder outputTokens(Long outputTokens) {
            this.outputTokens = outputTokens;
            return this;
        }

        public Builder totalTokens(Long totalTokens) {
            this.totalTokens = totalTokens;
            return this;
        }

        public Builder costUsd(BigDecimal costUsd) {
            this.costUsd = costUsd;
            return this;
        }

        public Builder cacheReadTokens(Long cacheReadTokens) {
            this.cacheReadTokens = cacheReadTokens;
            return this;
        }

        public Builder cacheCreationTokens(Long cacheCreationTokens) {
            this.cacheCreationTokens = cacheCreationTokens;
            return this;
        }

        public Builder model(String model) {
            this.model = model;
            return this;
        }

        public UsageMetadata build() {
            return new UsageMetadata(inputTokens, outputTokens, totalTokens, costUsd, cacheReadTokens,
                    cacheCreationTokens, model);
        }
    }
}
