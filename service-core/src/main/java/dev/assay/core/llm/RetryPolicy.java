package dev.assay.core.llm;

import dev.assay.common.port.PortException;
import dev.assay.common.port.RateLimitedException;

import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;

/** When to try a failed call again, and how long to wait first. */
final class RetryPolicy {

    private final LlmSettings settings;

    RetryPolicy(LlmSettings settings) {
        this.settings = settings;
    }

    boolean shouldRetry(PortException error, int attemptsSoFar) {
        return error.retryable() && attemptsSoFar < settings.maxAttempts();
    }

    /** The provider's Retry-After when it gave one (capped), else exponential backoff with jitter. */
    Duration delayBefore(int nextAttempt, PortException error) {
        if (error instanceof RateLimitedException limited && limited.retryAfter().isPresent()) {
            Duration asked = limited.retryAfter().get();
            return asked.compareTo(settings.maxRetryAfter()) > 0 ? settings.maxRetryAfter() : asked;
        }
        long base = settings.initialBackoff().toMillis() << Math.min(20, Math.max(0, nextAttempt - 2));
        long capped = Math.min(base, settings.maxBackoff().toMillis());
        // up to 25% jitter so replicas that failed together do not retry together
        long jitter = capped <= 0 ? 0 : ThreadLocalRandom.current().nextLong(capped / 4 + 1);
        return Duration.ofMillis(capped + jitter);
    }
}
