package dev.assay.core.llm;

import dev.assay.common.port.PortExecutionException;
import dev.assay.common.run.ModelConfig;

import java.util.OptionalInt;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * At most {@code max_concurrency} calls in flight per model in this service instance, fewer while
 * the model answers 429s ({@link AdaptiveLimit}). Stages run many records at once on virtual
 * threads; this keeps each provider within its own limit.
 */
final class ConcurrencyLimits {

    private final ConcurrentMap<String, AdaptiveLimit> limits = new ConcurrentHashMap<>();

    AdaptiveLimit forModel(ModelConfig model) {
        return limits.computeIfAbsent(model.canonicalKey(), key -> new AdaptiveLimit(model.effectiveMaxConcurrency()));
    }

    /**
     * Takes a permit for {@code model}, waiting as long as it takes (local back-pressure: calls in
     * flight end within their timeout), and returns the limit's round the attempt is sent in.
     */
    long acquire(ModelConfig model) {
        AdaptiveLimit limit = forModel(model);
        try {
            limit.permits().acquire();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new PortExecutionException("interrupted while waiting for a free slot for " + model.canonicalKey());
        }
        return limit.round();
    }

    void release(ModelConfig model) {
        forModel(model).permits().release();
    }

    /** The attempt sent in {@code round} got a 429; the model's new limit, when it changed. */
    OptionalInt rateLimited(ModelConfig model, long round) {
        return forModel(model).rateLimited(round);
    }

    /** An attempt succeeded; the model's new limit, when it changed. */
    OptionalInt succeeded(ModelConfig model) {
        return forModel(model).succeeded();
    }
}
