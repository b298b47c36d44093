package dev.assay.common.port;

import com.fasterxml.jackson.annotation.JsonValue;

import java.util.Locale;

/** The kinds of port failure, as recorded in results and metrics. */
public enum PortErrorKind {
    /** The call failed: connection refused, HTTP 5xx, provider error. */
    EXECUTION,
    /** No answer within the configured timeout. */
    TIMEOUT,
    /** An answer came, but it could not be read (invalid JSON, wrong schema, out-of-range value). */
    MALFORMED_RESPONSE,
    /** The provider asked us to slow down (HTTP 429), possibly saying for how long. */
    RATE_LIMITED;

    @JsonValue
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Whether trying the same call again later may succeed. */
    public boolean retryable() {
        return this != MALFORMED_RESPONSE;
    }
}
