package dev.assay.localstack.stub;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;

/** Turns an incoming HTTP exchange into the parts of a {@link RecordedRequest}, tolerating bad JSON. */
final class RequestReader {

    private final ObjectMapper json;

    RequestReader(ObjectMapper json) {
        this.json = json;
    }

    /** Everything but the sequence number, which the {@link RequestLog} assigns. */
    record Incoming(Instant receivedAt, String method, String path, Map<String, List<String>> headers,
                    String body, JsonNode json, String model, List<ChatMessage> messages) {

        RecordedRequest withSequence(int sequence) {
            return new RecordedRequest(sequence, receivedAt, method, path, headers, body, json, model, messages);
        }
    }

    Incoming read(HttpExchange exchange) throws IOException {
        Instant receivedAt = Instant.now();
        String body;
        try (InputStream in = exchange.getRequestBody()) {
            body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        JsonNode parsed = parse(body);
        String model = parsed != null && parsed.path("model").isTextual() ? parsed.path("model").asText() : null;
        return new Incoming(receivedAt, exchange.getRequestMethod(), exchange.getRequestURI().getPath(),
                exchange.getRequestHeaders(), body, parsed, model, messages(parsed));
    }

    private JsonNode parse(String body) {
        if (body.isBlank()) {
            return null;
        }
        try {
            return json.readTree(body);
        } catch (JsonProcessingException e) {
            return null;
        }
    }

    private static List<ChatMessage> messages(JsonNode request) {
        List<ChatMessage> messages = new ArrayList<>();
        if (request == null) {
            return messages;
        }
        // Anthropic requests carry the system prompt beside the messages
        if (!request.path("system").isMissingNode() && !request.path("system").isNull()) {
            messages.add(new ChatMessage("system", content(request.path("system"))));
        }
        for (JsonNode message : request.path("messages")) {
            messages.add(new ChatMessage(message.path("role").asText(""), content(message.path("content"))));
        }
        return messages;
    }

    /** Plain string content, or the text parts of OpenAI's multi-part content joined by newlines. */
    private static String content(JsonNode content) {
        if (content.isTextual()) {
            return content.asText();
        }
        if (content.isArray()) {
            return StreamSupport.stream(content.spliterator(), false)
                    .filter(part -> part.path("text").isTextual())
                    .map(part -> part.path("text").asText())
                    .collect(Collectors.joining("\n"));
        }
        return content.isMissingNode() || content.isNull() ? "" : content.toString();
    }
}
