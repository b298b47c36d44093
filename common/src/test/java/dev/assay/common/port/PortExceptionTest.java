package dev.assay.common.port;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PortExceptionTest {

    @Test
    void eachErrorSaysItsKind() {
        assertThat(new PortExecutionException("boom", 503, null).kind()).isEqualTo(PortErrorKind.EXECUTION);
        assertThat(new PortExecutionException("boom", 503, null).httpStatus()).isEqualTo(503);
        assertThat(new PortTimeoutException("slow", Duration.ofSeconds(30), null).kind()).isEqualTo(PortErrorKind.TIMEOUT);
        assertThat(new MalformedResponseException("not json", "{oops").rawContent()).isEqualTo("{oops");
        assertThat(new MalformedResponseException("not json", "{oops").kind()).isEqualTo(PortErrorKind.MALFORMED_RESPONSE);
        assertThat(new RateLimitedException("slow down", Duration.ofSeconds(7)).kind()).isEqualTo(PortErrorKind.RATE_LIMITED);
    }

    @Test
    void rateLimitCarriesRetryAfterWhenGiven() {
        assertThat(new RateLimitedException("slow down", Duration.ofSeconds(7)).retryAfter()).contains(Duration.ofSeconds(7));
        assertThat(new RateLimitedException("slow down", null).retryAfter()).isEmpty();
        assertThatThrownBy(() -> new RateLimitedException("x", Duration.ofSeconds(-1))).hasMessageContaining("retry-after");
    }

    @Test
    void anOverloadedServerMayCarryRetryAfterTooOtherErrorsDoNot() {
        PortExecutionException overloaded = PortExecutionException.withRetryAfter("busy", 503, Duration.ofSeconds(2), null);
        assertThat(overloaded.retryAfter()).contains(Duration.ofSeconds(2));
        assertThat(overloaded.retryable()).isTrue();
        assertThat(overloaded.httpStatus()).isEqualTo(503);
        assertThat(new PortExecutionException("boom", 500, null).retryAfter()).isEmpty();
        assertThat(new PortTimeoutException("slow", Duration.ofSeconds(1), null).retryAfter()).isEmpty();
        assertThatThrownBy(() -> PortExecutionException.withRetryAfter("x", 503, Duration.ofSeconds(-1), null))
                .hasMessageContaining("retry-after");
    }

    @Test
    void onlyMalformedResponsesAreNotWorthRetryingAsIs() {
        assertThat(PortErrorKind.EXECUTION.retryable()).isTrue();
        assertThat(PortErrorKind.TIMEOUT.retryable()).isTrue();
        assertThat(PortErrorKind.RATE_LIMITED.retryable()).isTrue();
        assertThat(PortErrorKind.MALFORMED_RESPONSE.retryable()).isFalse();
        assertThat(PortErrorKind.RATE_LIMITED.wireName()).isEqualTo("rate_limited");
    }

    @Test
    void clientErrorsAreNotRetriedButServerAndConnectionErrorsAre() {
        assertThat(new PortExecutionException("bad key", 401, null).retryable()).isFalse();
        assertThat(new PortExecutionException("bad request", 400, null).retryable()).isFalse();
        assertThat(new PortExecutionException("request timeout", 408, null).retryable()).isTrue();
        assertThat(new PortExecutionException("overloaded", 529, null).retryable()).isTrue();
        assertThat(new PortExecutionException("connection refused").retryable()).isTrue();
        assertThat(new MalformedResponseException("junk", "{").retryable()).isFalse();
        assertThat(PortExecutionException.permanent("no adapter").retryable()).isFalse();
    }
}
