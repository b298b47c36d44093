package dev.assay.core.llm.openai;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.assay.common.port.MalformedResponseException;
import dev.assay.common.port.PortException;
import dev.assay.common.port.PortExecutionException;
import dev.assay.common.port.PortTimeoutException;
import dev.assay.common.port.RateLimitedException;
import dev.assay.core.llm.RetryAfter;
import dev.langchain4j.exception.HttpException;
import dev.langchain4j.exception.RateLimitException;
import jakarta.ws.rs.WebApplicationException;

import java.time.Duration;
import java.util.Locale;

/**
 * Translates what the langchain4j / Quarkus REST client throws into typed port errors. The
 * messages name the model and endpoint and the provider's error text, never a request header.
 */
final class LangChainErrors {

    private static final int MAX_DETAIL = 300;

    private LangChainErrors() {
    }

    static PortException toPortException(RuntimeException error, String target, Duration timeout) {
        Integer status = null;
        Duration retryAfter = null;
        for (Throwable cause = error; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof WebApplicationException web && web.getResponse() != null) {
                status = web.getResponse().getStatus();
                retryAfter = RetryAfter.parse(web.getResponse().getHeaderString("Retry-After")).orElse(retryAfter);
            } else if (cause instanceof RetryAfterHttpException withHint) {
                status = withHint.statusCode();
                retryAfter = withHint.retryAfter().orElse(retryAfter);
            } else if (cause instanceof HttpException http && status == null) {
                status = http.statusCode();
            }
            if (isTimeout(cause)) {
                return new PortTimeoutException(target + ": no answer within " + timeout.toSeconds() + "s", timeout, error);
            }
            if (cause instanceof JsonProcessingException && status == null) {
                return new MalformedResponseException(target + ": the response body is not valid JSON", null, error);
            }
        }
        String detail = detail(error);
        if (error instanceof RateLimitException || (status != null && status == 429)) {
            return new RateLimitedException(target + ": rate limited (HTTP 429)" + detail, retryAfter, error);
        }
        if (status != null && retryAfter != null) {
            return PortExecutionException.withRetryAfter(target + ": HTTP " + status + detail, status, retryAfter, error);
        }
        if (status != null) {
            return new PortExecutionException(target + ": HTTP " + status + detail, status, error);
        }
        return new PortExecutionException(target + ": " + error.getClass().getSimpleName() + detail, null, error);
    }

    private static boolean isTimeout(Throwable cause) {
        String name = cause.getClass().getName().toLowerCase(Locale.ROOT);
        return cause instanceof java.util.concurrent.TimeoutException
                || cause instanceof java.net.SocketTimeoutException
                || cause instanceof java.net.http.HttpTimeoutException
                || cause instanceof dev.langchain4j.exception.TimeoutException
                || name.endsWith("timeoutexception");
    }

    private static String detail(Throwable error) {
        String message = error.getMessage();
        if (message == null || message.isBlank()) {
            return "";
        }
        message = message.replaceAll("\\s+", " ").strip();
        return ": " + (message.length() > MAX_DETAIL ? message.substring(0, MAX_DETAIL) + "…" : message);
    }
}
