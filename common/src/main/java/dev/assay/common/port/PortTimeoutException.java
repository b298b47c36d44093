package dev.assay.common.port;

import java.time.Duration;

/** No answer within the timeout. */
public final class PortTimeoutException extends PortException {

    private final Duration timeout;

    public PortTimeoutException(String message, Duration timeout, Throwable cause) {
        super(message, cause);
        this.timeout = timeout;
    }

    /** The limit that was exceeded, or null when unknown. */
    public Duration timeout() {
        return timeout;
    }

    @Override
    public PortErrorKind kind() {
        return PortErrorKind.TIMEOUT;
    }
}
