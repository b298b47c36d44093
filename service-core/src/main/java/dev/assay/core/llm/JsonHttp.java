package dev.assay.core.llm;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.json.Json;
import dev.assay.common.port.MalformedResponseException;
import dev.assay.common.port.PortExecutionException;
import dev.assay.common.port.PortTimeoutException;
import dev.assay.common.port.RateLimitedException;
import dev.assay.core.tracing.Tracing;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.api.trace.TracerProvider;
import io.opentelemetry.context.Scope;

import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.Optional;

/**
 * The HTTP exchange the adapters share: one JSON request, one JSON answer, and the provider's
 * error statuses as port errors. On the JDK HTTP client because its HTTP/1.1 connection pool has no
 * upper bound: the calls in flight are limited by each model's {@code max_concurrency}
 * ({@link ConcurrencyLimits}) and by nothing else (the REST client's pool stops at 50).
 *
 * <p>Each exchange is an OpenTelemetry client span under the model call's span, as a REST client's
 * request would be (the JDK client makes none of its own).
 */
public final class JsonHttp {

    private static final int MAX_DETAIL = 300;

    private final HttpClient client;
    private final Tracer tracer;

    /**
     * One client for all models of an adapter: it pools connections; each request carries its own timeout.
     * Its completions run on its selector thread instead of a pool of worker threads: each call waits
     * in {@link HttpClient#send} on its own (virtual) thread and only has to be woken, and the body is
     * a string, so no dependent task blocks; the hand-over to a worker cost a tenth of local-service's
     * CPU per item at C=256 (docs/performance.md, session 11).
     */
    public JsonHttp(Tracer tracer) {
        this.client = HttpClient.newBuilder()
                .connectTimeout(Duration.ofSeconds(10))
                .version(HttpClient.Version.HTTP_1_1)
                .executor(Runnable::run)
                .build();
        this.tracer = tracer;
    }

    /** Without traces (adapters made outside a container, in tests). */
    public JsonHttp() {
        this(TracerProvider.noop().get("assay"));
    }

    /**
     * Sends {@code request} and returns its JSON body; a status of 400 or more becomes the port
     * error that says it (429: rate limited; 5xx with Retry-After: retried when the provider asked).
     */
    public JsonNode exchange(HttpRequest request, String target, Duration modelTimeout) {
        // the URL names the endpoint only: keys travel in headers, which are not recorded
        Span span = tracer.spanBuilder(request.method()).setSpanKind(SpanKind.CLIENT)
                .setAttribute("http.request.method", request.method())
                .setAttribute("url.full", request.uri().toString())
                .setAttribute("server.address", String.valueOf(request.uri().getHost()))
                .startSpan();
        try (Scope ignored = Tracing.makeCurrent(span)) {
            return exchange(request, target, modelTimeout, span);
        } catch (RuntimeException e) {
            span.setStatus(StatusCode.ERROR, e.getClass().getSimpleName());
            throw e;
        } finally {
            span.end();
        }
    }

    private JsonNode exchange(HttpRequest request, String target, Duration modelTimeout, Span span) {
        HttpResponse<String> response;
        try {
            response = client.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (HttpTimeoutException e) {
            Duration waited = request.timeout().orElse(modelTimeout);
            throw new PortTimeoutException(target + ": no answer within " + waited.toSeconds() + "s", modelTimeout, e);
        } catch (IOException e) {
            throw new PortExecutionException(target + ": " + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + e.getMessage()), null, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new PortExecutionException(target + ": interrupted");
        }
        int status = response.statusCode();
        span.setAttribute("http.response.status_code", status);
        Optional<Duration> retryAfter = response.headers().firstValue("retry-after").flatMap(RetryAfter::parse);
        if (status == 429) {
            throw new RateLimitedException(target + ": rate limited (HTTP 429)" + errorDetail(response.body()), retryAfter.orElse(null));
        }
        if (status >= 500 && retryAfter.isPresent()) {
            // 503 (and Anthropic's 529 "overloaded") may say when to come back
            throw PortExecutionException.withRetryAfter(target + ": HTTP " + status + errorDetail(response.body()), status,
                    retryAfter.get(), null);
        }
        if (status >= 400) {
            throw new PortExecutionException(target + ": HTTP " + status + errorDetail(response.body()), status, null);
        }
        try {
            JsonNode body = Json.mapper().readTree(response.body());
            if (body == null || !body.isObject()) {
                throw new MalformedResponseException(target + ": the response body is not a JSON object", response.body());
            }
            return body;
        } catch (IOException e) {
            throw new MalformedResponseException(target + ": the response body is not valid JSON", response.body(), e);
        }
    }

    /** The provider's {@code error.type: error.message}, else the start of the body. */
    static String errorDetail(String body) {
        try {
            JsonNode error = Json.mapper().readTree(body).path("error");
            if (error.path("message").isTextual()) {
                return ": " + error.path("type").asText("error") + ": " + error.path("message").asText();
            }
        } catch (IOException | RuntimeException e) {
            // not JSON: fall through to the raw text
        }
        String text = body == null ? "" : body.replaceAll("\\s+", " ").strip();
        return text.isEmpty() ? "" : ": " + (text.length() > MAX_DETAIL ? text.substring(0, MAX_DETAIL) + "…" : text);
    }
}
