package dev.assay.core.llm;

import dev.assay.common.port.PortExecutionException;
import dev.assay.common.run.ModelConfig;

import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * At most {@code max_concurrency} calls in flight per model in this service instance. Stages run
 * many records at once on virtual threads; this keeps each provider within its own limit.
 */
final class ConcurrencyLimits {

    private final ConcurrentMap<String, Semaphore> permits = new ConcurrentHashMap<>();

    Semaphore forModel(ModelConfig model) {
        return permits.computeIfAbsent(model.canonicalKey(), key -> new Semaphore(model.effectiveMaxConcurrency(), true));
    }

    /** Takes a permit for {@code model}, waiting as long as it takes (a call's first slot: local back-pressure). */
    void acquire(ModelConfig model) {
        try {
            forModel(model).acquire();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new PortExecutionException("interrupted while waiting for a free slot for " + model.canonicalKey());
        }
    }

    /** Takes a permit for {@code model} if one comes free within {@code wait}; false when none did. */
    boolean tryAcquire(ModelConfig model, Duration wait) {
        try {
            return forModel(model).tryAcquire(Math.max(0, wait.toNanos()), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new PortExecutionException("interrupted while waiting for a free slot for " + model.canonicalKey());
        }
    }

    void release(ModelConfig model) {
        forModel(model).release();
    }

}
