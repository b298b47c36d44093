package dev.assay.common.port;

import java.time.Duration;
import java.util.Optional;

/**
 * A failed port call. Subtypes say why, so a stage can retry, back off or record the failure
 * with the right category. Unchecked so ports compose with lambdas and virtual threads.
 *
 * <p>Messages name the model and the problem, never an API key or a request header.
 */
public abstract sealed class PortException extends RuntimeException
        permits PortExecutionException, PortTimeoutException, MalformedResponseException, RateLimitedException {

    protected PortException(String message, Throwable cause) {
        super(message, cause);
    }

    public abstract PortErrorKind kind();

    /**
     * How long the provider asked us to wait before calling this model again (its {@code Retry-After},
     * on a 429 or 503), if it said. No call to the model may start before that time has passed.
     */
    public Optional<Duration> retryAfter() {
        return Optional.empty();
    }

    /** Whether the same call may succeed if tried again later. */
    public boolean retryable() {
        return kind().retryable();
    }
}
