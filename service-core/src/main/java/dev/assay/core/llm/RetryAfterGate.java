package dev.assay.core.llm;

import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * The time before which no call to a model may start, per model (canonical key) in this service
 * instance. A provider's Retry-After applies to the model, not to the one call that got it: every
 * call to that model, the ones already waiting and the ones still to come, holds back until it
 * has passed. Times are {@link System#nanoTime()} values.
 */
final class RetryAfterGate {

    private final ConcurrentMap<String, Long> notBefore = new ConcurrentHashMap<>();

    /** No call to {@code modelKey} starts until {@code wait} from now; a later time already set is kept. */
    void holdFor(String modelKey, Duration wait) {
        long until = System.nanoTime() + wait.toNanos();
        // nanoTime values are compared by difference: they may wrap
        notBefore.merge(modelKey, until, (current, asked) -> asked - current > 0 ? asked : current);
    }

    /** How long from now until calls to {@code modelKey} may start again; zero when they may now. */
    Duration remaining(String modelKey) {
        Long until = notBefore.get(modelKey);
        if (until == null) {
            return Duration.ZERO;
        }
        long left = until - System.nanoTime();
        if (left <= 0) {
            // passed: forget it, unless another 429 set a new time meanwhile
            notBefore.remove(modelKey, until);
            return Duration.ZERO;
        }
        return Duration.ofNanos(left);
    }
}
