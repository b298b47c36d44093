package dev.assay.localstack.stub;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A request as the {@link StubLlmServer} received it, in arrival order ({@code sequence} starts at 1
 * and restarts after {@link StubLlmServer#reset()}).
 *
 * <p>{@code headers} hold the raw values, including credentials, so tests can assert on them;
 * {@link #redactedHeaders()} and {@link #toString()} never show them. {@code json} is null when
 * the body is not valid JSON; {@code model} is null when the body names none.
 */
public record RecordedRequest(
        int sequence,
        Instant receivedAt,
        String method,
        String path,
        Map<String, List<String>> headers,
        String body,
        JsonNode json,
        String model,
        List<ChatMessage> messages) {

    private static final Set<String> SECRET_HEADERS =
            Set.of("authorization", "proxy-authorization", "api-key", "x-api-key", "cookie");
    private static final String REDACTED = "<redacted>";

    public RecordedRequest {
        if (sequence < 1) {
            throw new IllegalArgumentException("sequence must be >= 1, was " + sequence);
        }
        Objects.requireNonNull(receivedAt, "receivedAt must not be null");
        Objects.requireNonNull(method, "method must not be null");
        Objects.requireNonNull(path, "path must not be null");
        Objects.requireNonNull(headers, "headers must not be null");
        Objects.requireNonNull(body, "body must not be null");
        Objects.requireNonNull(messages, "messages must not be null");
        headers = caseInsensitiveCopy(headers);
        json = json == null ? null : json.deepCopy();
        messages = List.copyOf(messages);
    }

    /** A copy, so a test cannot change what later matchers and tests see. */
    @Override
    public JsonNode json() {
        return json == null ? null : json.deepCopy();
    }

    /** Whether the body parsed as JSON (otherwise {@link #json()} is null). */
    public boolean hasValidJson() {
        return json != null;
    }

    /** First value of a header, looked up case-insensitively. */
    public Optional<String> header(String name) {
        List<String> values = headers.get(name);
        return values == null || values.isEmpty() ? Optional.empty() : Optional.of(values.getFirst());
    }

    /** The headers with credentials (Authorization, API keys, cookies) replaced by {@code <redacted>}. */
    public Map<String, List<String>> redactedHeaders() {
        Map<String, List<String>> redacted = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        headers.forEach((name, values) -> redacted.put(name,
                SECRET_HEADERS.contains(name.toLowerCase(Locale.ROOT))
                        ? values.stream().map(RecordedRequest::redact).toList()
                        : values));
        return Collections.unmodifiableMap(redacted);
    }

    /** The content of the last message with role {@code user}. */
    public Optional<String> lastUserMessage() {
        for (ChatMessage message : messages.reversed()) {
            if (message.hasRole("user")) {
                return Optional.of(message.content());
            }
        }
        return Optional.empty();
    }

    /** The contents of all {@code system} messages, joined by newlines; empty when there is none. */
    public Optional<String> systemMessage() {
        List<String> system = contentsOf("system");
        return system.isEmpty() ? Optional.empty() : Optional.of(String.join("\n", system));
    }

    /** The contents of all messages with the given role, in order. */
    public List<String> contentsOf(String role) {
        return messages.stream().filter(m -> m.hasRole(role)).map(ChatMessage::content).toList();
    }

    /** All message contents joined by newlines: what {@link RequestMatcher#contentMatches} searches. */
    public String allContent() {
        return messages.stream().map(ChatMessage::content).collect(Collectors.joining("\n"));
    }

    @Override
    public String toString() {
        return "RecordedRequest[#" + sequence + " " + method + " " + path + " model=" + model
                + " messages=" + messages + " headers=" + redactedHeaders() + "]";
    }

    private static String redact(String value) {
        // Keep the scheme ("Bearer") so tests and logs can still tell how a client authenticated.
        int space = value.indexOf(' ');
        return space > 0 ? value.substring(0, space) + " " + REDACTED : REDACTED;
    }

    private static Map<String, List<String>> caseInsensitiveCopy(Map<String, List<String>> headers) {
        Map<String, List<String>> copy = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        headers.forEach((name, values) -> copy.merge(name, List.copyOf(values), (a, b) -> {
            List<String> merged = new ArrayList<>(a);
            merged.addAll(b);
            return List.copyOf(merged);
        }));
        return Collections.unmodifiableMap(copy);
    }
}
