package dev.assay.common.port;

import java.time.Duration;
import java.util.Optional;

/** The provider refused the call for now (HTTP 429); {@code retryAfter} is its hint, if it gave one. */
public final class RateLimitedException extends PortException {

    private final Duration retryAfter;

    public RateLimitedException(String message, Duration retryAfter) {
        this(message, retryAfter, null);
    }

    public RateLimitedException(String message, Duration retryAfter, Throwable cause) {
        super(message, cause);
        if (retryAfter != null && retryAfter.isNegative()) {
            throw new IllegalArgumentException("retry-after must not be negative, got " + retryAfter);
        }
        this.retryAfter = retryAfter;
    }

    @Override
    public Optional<Duration> retryAfter() {
        return Optional.ofNullable(retryAfter);
    }

    @Override
    public PortErrorKind kind() {
        return PortErrorKind.RATE_LIMITED;
    }
}
