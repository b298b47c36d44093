package dev.assay.localstack.stub;

import java.time.Duration;
import java.util.Objects;
import java.util.function.Function;

/**
 * What the {@link StubLlmServer} answers to a matched request. Build replies with the static
 * factories; {@link #withLatency(Duration)} delays any of them.
 *
 * <pre>{@code
 * stub.when(any()).thenReply(StubReply.rateLimited(Duration.ofSeconds(2))).once();
 * stub.when(any()).thenReply(StubReply.text("PASS").withUsage(120, 1).withLatency(Duration.ofMillis(50)));
 * }</pre>
 */
public sealed interface StubReply {

    /** A successful chat completion whose assistant message has this content. */
    static Text text(String content) {
        return new Text(content, null, "stop");
    }

    /** A successful chat completion whose assistant message calls one tool (function) instead of answering. */
    static ToolCall toolCall(String functionName, String argumentsJson) {
        return new ToolCall(functionName, argumentsJson);
    }

    /** A reply chosen when the request arrives, e.g. to echo part of the prompt. */
    static Computed computed(Function<RecordedRequest, StubReply> function) {
        return new Computed(function);
    }

    /** HTTP 429 with a {@code Retry-After} header in whole seconds (rounded up) and an OpenAI error body. */
    static Failure rateLimited(Duration retryAfter) {
        Objects.requireNonNull(retryAfter, "retryAfter must not be null");
        return new Failure(429, "rate_limit_exceeded", "Rate limit reached (stub)", retryAfter);
    }

    /** HTTP 500 with an OpenAI error body. */
    static Failure serverError() {
        return new Failure(500, "server_error", "The server had an error while processing your request (stub)", null);
    }

    /** Any HTTP error status with an OpenAI error body of the given type. */
    static Failure error(int status, String type, String message) {
        return new Failure(status, type, message, null);
    }

    /** Never answers: the request stays open until the client gives up or the stub is reset or closed. */
    static Hang hang() {
        return new Hang();
    }

    /** HTTP 200, {@code application/json}, with a truncated body that no JSON parser accepts. */
    static Raw malformedJson() {
        return new Raw(200, "application/json", "{\"id\":\"chatcmpl-stub\",\"object\":\"chat.completion\",\"choices\":[{\"message\":{\"content\":\"trunc");
    }

    /** Exactly this status, content type and body. */
    static Raw raw(int status, String contentType, String body) {
        return new Raw(status, contentType, body);
    }

    /** This reply, sent only after {@code latency} has passed. */
    default Delayed withLatency(Duration latency) {
        return new Delayed(latency, this);
    }

    /** Token counts to report; when absent, the stub estimates about four characters per token. */
    record Usage(int promptTokens, int completionTokens) {
        public Usage {
            if (promptTokens < 0 || completionTokens < 0) {
                throw new IllegalArgumentException("token counts must be >= 0, were prompt=" + promptTokens
                        + " completion=" + completionTokens);
            }
        }

        public int totalTokens() {
            return promptTokens + completionTokens;
        }
    }

    /** See {@link #text(String)}; {@code usage} null means "estimate". */
    record Text(String content, Usage usage, String finishReason) implements StubReply {
        public Text {
            Objects.requireNonNull(content, "content must not be null");
            Objects.requireNonNull(finishReason, "finishReason must not be null");
        }

        public Text withUsage(int promptTokens, int completionTokens) {
            return new Text(content, new Usage(promptTokens, completionTokens), finishReason);
        }

        /** E.g. {@code "length"} to simulate a completion cut off at max_tokens. */
        public Text withFinishReason(String reason) {
            return new Text(content, usage, reason);
        }
    }

    /** See {@link #toolCall(String, String)}. */
    record ToolCall(String functionName, String argumentsJson) implements StubReply {
        public ToolCall {
            Objects.requireNonNull(functionName, "functionName must not be null");
            Objects.requireNonNull(argumentsJson, "argumentsJson must not be null");
        }
    }

    /** See {@link #computed(Function)}. */
    record Computed(Function<RecordedRequest, StubReply> function) implements StubReply {
        public Computed {
            Objects.requireNonNull(function, "function must not be null");
        }
    }

    /** See {@link #rateLimited(Duration)}, {@link #serverError()}, {@link #error(int, String, String)}. */
    record Failure(int status, String type, String message, Duration retryAfter) implements StubReply {
        public Failure {
            if (status < 400 || status > 599) {
                throw new IllegalArgumentException("an error status must be 4xx or 5xx, was " + status);
            }
            Objects.requireNonNull(type, "type must not be null");
            Objects.requireNonNull(message, "message must not be null");
            if (retryAfter != null && retryAfter.isNegative()) {
                throw new IllegalArgumentException("retryAfter must not be negative, was " + retryAfter);
            }
        }

        /** The {@code Retry-After} header value: whole seconds, rounded up. */
        public long retryAfterSeconds() {
            if (retryAfter == null) {
                throw new IllegalStateException("this failure has no Retry-After");
            }
            long seconds = retryAfter.toSeconds();
            return retryAfter.toNanosPart() > 0 ? seconds + 1 : seconds;
        }
    }

    /** See {@link #hang()}. */
    record Hang() implements StubReply {
    }

    /** See {@link #raw(int, String, String)} and {@link #malformedJson()}. */
    record Raw(int status, String contentType, String body) implements StubReply {
        public Raw {
            if (status < 100 || status > 599) {
                throw new IllegalArgumentException("status must be a valid HTTP status, was " + status);
            }
            Objects.requireNonNull(contentType, "contentType must not be null");
            Objects.requireNonNull(body, "body must not be null");
        }
    }

    /** See {@link #withLatency(Duration)}. */
    record Delayed(Duration latency, StubReply reply) implements StubReply {
        public Delayed {
            Objects.requireNonNull(latency, "latency must not be null");
            if (latency.isNegative()) {
                throw new IllegalArgumentException("latency must not be negative, was " + latency);
            }
            Objects.requireNonNull(reply, "reply must not be null");
        }
    }
}
