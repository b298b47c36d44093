package dev.assay.common.port;

import java.time.Duration;
import java.util.Optional;

/** The call itself failed: connection error, HTTP 5xx, a provider error response. */
public final class PortExecutionException extends PortException {

    private final Integer httpStatus;
    private final boolean retryable;
    private final Duration retryAfter;

    public PortExecutionException(String message) {
        this(message, null, null);
    }

    /** Retryable when there is no status (a connection error), or a 5xx or 408. */
    public PortExecutionException(String message, Integer httpStatus, Throwable cause) {
        this(message, httpStatus, httpStatus == null || httpStatus >= 500 || httpStatus == 408, cause);
    }

    public PortExecutionException(String message, Integer httpStatus, boolean retryable, Throwable cause) {
        this(message, httpStatus, retryable, null, cause);
    }

    private PortExecutionException(String message, Integer httpStatus, boolean retryable, Duration retryAfter, Throwable cause) {
        super(message, cause);
        if (retryAfter != null && retryAfter.isNegative()) {
            throw new IllegalArgumentException("retry-after must not be negative, got " + retryAfter);
        }
        this.httpStatus = httpStatus;
        this.retryable = retryable;
        this.retryAfter = retryAfter;
    }

    /** An HTTP error (typically 503) whose response said how long to wait before calling again. */
    public static PortExecutionException withRetryAfter(String message, int httpStatus, Duration retryAfter, Throwable cause) {
        return new PortExecutionException(message, httpStatus, httpStatus >= 500 || httpStatus == 408, retryAfter, cause);
    }

    /** A failure that will repeat however often the call is tried (a misconfiguration, an unknown interface). */
    public static PortExecutionException permanent(String message) {
        return new PortExecutionException(message, null, false, null);
    }

    @Override
    public Optional<Duration> retryAfter() {
        return Optional.ofNullable(retryAfter);
    }

    /** The HTTP status of the failed call, or null when none was received. */
    public Integer httpStatus() {
        return httpStatus;
    }

    /**
     * Connection errors, 5xx and 408 may pass; other 4xx (bad request, wrong key, unknown model)
     * will fail the same way every time.
     */
    @Override
    public boolean retryable() {
        return retryable;
    }

    @Override
    public PortErrorKind kind() {
        return PortErrorKind.EXECUTION;
    }
}
