package dev.assay.core.llm.openai;

import dev.langchain4j.exception.HttpException;

import java.time.Duration;
import java.util.Optional;

/** An HTTP error that keeps the provider's Retry-After, which langchain4j's own exception drops. */
final class RetryAfterHttpException extends HttpException {

    private final Duration retryAfter;

    RetryAfterHttpException(int statusCode, String body, Duration retryAfter) {
        super(statusCode, body);
        this.retryAfter = retryAfter;
    }

    Optional<Duration> retryAfter() {
        return Optional.ofNullable(retryAfter);
    }
}
