package dev.assay.core.llm;

import dev.assay.common.port.PortErrorKind;
import dev.assay.common.port.PortException;

import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Whether to try a failed call again, and how long to back off first when the provider did not say.
 * A 429 is the provider saying "later", not a failed try: it does not use up an attempt; how long a
 * call may be held by refusals is {@link #maxRateLimitWait()} instead.
 */
final class RetryPolicy {

    private final LlmSettings settings;

    RetryPolicy(LlmSettings settings) {
        this.settings = settings;
    }

    /** @param attemptsSoFar the call's attempts that ended other than in a 429 */
    boolean shouldRetry(PortException error, int attemptsSoFar) {
        if (!error.retryable()) {
            return false;
        }
        return isRefusal(error) || attemptsSoFar < settings.maxAttempts();
    }

    /** A 429: counted against {@link #maxRateLimitWait()}, not the attempts. */
    static boolean isRefusal(PortException error) {
        return error.kind() == PortErrorKind.RATE_LIMITED;
    }

    /**
     * Exponential backoff with jitter before {@code nextAttempt}. Only for errors without a
     * Retry-After: a provider's Retry-After is a floor the {@link RetryAfterGate} enforces for every
     * call to the model, never shortened.
     */
    Duration backoff(int nextAttempt) {
        long base = settings.initialBackoff().toMillis() << Math.min(20, Math.max(0, nextAttempt - 2));
        long capped = Math.min(base, settings.maxBackoff().toMillis());
        // up to 25% added (never subtracted) so replicas that failed together do not retry together
        long jitter = capped <= 0 ? 0 : ThreadLocalRandom.current().nextLong(capped / 4 + 1);
        return Duration.ofMillis(capped + jitter);
    }

    /** The longest Retry-After a call waits for; a longer one ends the call instead of being cut short. */
    Duration maxRetryAfter() {
        return settings.maxRetryAfter();
    }

    /** The longest one call is held by its model's rate limits in all before it fails as {@code rate_limited}. */
    Duration maxRateLimitWait() {
        return settings.maxRateLimitWait();
    }
}
