package dev.assay.common.port;

/** The call itself failed: connection error, HTTP 5xx, a provider error response. */
public final class PortExecutionException extends PortException {

    private final Integer httpStatus;

    public PortExecutionException(String message) {
        this(message, null, null);
    }

    public PortExecutionException(String message, Integer httpStatus, Throwable cause) {
        super(message, cause);
        this.httpStatus = httpStatus;
    }

    /** The HTTP status of the failed call, or null when none was received. */
    public Integer httpStatus() {
        return httpStatus;
    }

    @Override
    public PortErrorKind kind() {
        return PortErrorKind.EXECUTION;
    }
}
