package dev.assay.common.port;

/** The call itself failed: connection error, HTTP 5xx, a provider error response. */
public final class PortExecutionException extends PortException {

    private final Integer httpStatus;
    private final boolean retryable;

    public PortExecutionException(String message) {
        this(message, null, null);
    }

    /** Retryable when there is no status (a connection error), or a 5xx or 408. */
    public PortExecutionException(String message, Integer httpStatus, Throwable cause) {
        this(message, httpStatus, httpStatus == null || httpStatus >= 500 || httpStatus == 408, cause);
    }

    public PortExecutionException(String message, Integer httpStatus, boolean retryable, Throwable cause) {
        super(message, cause);
        this.httpStatus = httpStatus;
        this.retryable = retryable;
    }

    /** A failure that will repeat however often the call is tried (a misconfiguration, an unknown interface). */
    public static PortExecutionException permanent(String message) {
        return new PortExecutionException(message, null, false, null);
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
