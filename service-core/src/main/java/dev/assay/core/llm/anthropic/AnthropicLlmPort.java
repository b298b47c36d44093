package dev.assay.core.llm.anthropic;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.assay.common.json.Json;
import dev.assay.common.message.ContentBlock;
import dev.assay.common.message.Message;
import dev.assay.common.message.Role;
import dev.assay.common.message.TextBlock;
import dev.assay.common.message.ToolResultBlock;
import dev.assay.common.message.ToolUseBlock;
import dev.assay.common.port.LlmPort;
import dev.assay.common.port.LlmResponse;
import dev.assay.common.port.MalformedResponseException;
import dev.assay.common.port.PortCapabilities;
import dev.assay.common.port.ToolDefinition;
import dev.assay.common.port.UsageMetadata;
import dev.assay.common.run.ModelConfig;
import dev.assay.core.llm.JsonHttp;

import java.net.URI;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Anthropic's Messages API. Written on the JDK HTTP client: the registry this project builds from
 * has no quarkus-langchain4j-anthropic matching quarkus-langchain4j 1.10.0, and the Messages API is
 * small. Structured output is native: {@link #withStructuredOutput} forces a tool call whose input
 * schema is the requested schema, and the tool's input becomes the response content.
 */
final class AnthropicLlmPort implements LlmPort {

    static final String DEFAULT_BASE_URL = "https://api.anthropic.com";
    static final String API_VERSION = "2023-06-01";
    static final String ANSWER_TOOL = "record_answer";
    /** The Messages API requires max_tokens. */
    static final int DEFAULT_MAX_TOKENS = 4096;
    /** How much longer than the model's timeout the HTTP client waits: the gateway's deadline ends the call first. */
    static final Duration BACKSTOP_MARGIN = Duration.ofSeconds(5);

    private final JsonHttp http;
    private final ModelConfig model;
    private final Optional<String> apiKey;
    private final JsonNode answerSchema;
    private final URI endpoint;

    AnthropicLlmPort(JsonHttp http, ModelConfig model, Optional<String> apiKey, JsonNode answerSchema) {
        this.http = http;
        this.model = model;
        this.apiKey = apiKey;
        this.answerSchema = answerSchema;
        String base = model.baseUrl() == null ? DEFAULT_BASE_URL : model.baseUrl().replaceAll("/+$", "");
        this.endpoint = URI.create(base.endsWith("/v1") ? base + "/messages" : base + "/v1/messages");
    }

    @Override
    public LlmResponse invoke(List<Message> messages) {
        return post(body(messages));
    }

    /** An agent's turn: the tools as Messages API tools; the model's {@code tool_use} blocks come back as tool calls. */
    @Override
    public LlmResponse invoke(List<Message> messages, List<ToolDefinition> tools) {
        if (tools.isEmpty()) {
            return invoke(messages);
        }
        ObjectNode body = body(messages);
        ArrayNode wire = body.putArray("tools");
        for (ToolDefinition tool : tools) {
            ObjectNode entry = wire.addObject().put("name", tool.name());
            if (!tool.description().isEmpty()) {
                entry.put("description", tool.description());
            }
            entry.set("input_schema", tool.inputSchema() != null && tool.inputSchema().isObject() ? tool.inputSchema()
                    : Json.mapper().createObjectNode().put("type", "object"));
        }
        LlmResponse response = post(body);
        List<ToolUseBlock> calls = new java.util.ArrayList<>();
        for (JsonNode block : response.raw().path("content")) {
            if ("tool_use".equals(block.path("type").asText())) {
                calls.add(new ToolUseBlock(block.path("id").asText(), block.path("name").asText(), block.get("input")));
            }
        }
        return new LlmResponse(response.content(), response.usage(), response.raw(), calls);
    }

    private LlmResponse post(ObjectNode body) {
        String target = model.canonicalKey() + " at " + endpoint;
        HttpRequest.Builder request = HttpRequest.newBuilder(endpoint)
                // the gateway holds the call's deadline; the client's own timeout is only a backstop behind it
                .timeout(model.effectiveTimeout().plus(BACKSTOP_MARGIN))
                .header("content-type", "application/json")
                .header("anthropic-version", API_VERSION)
                .POST(HttpRequest.BodyPublishers.ofString(Json.write(body)));
        apiKey.ifPresent(key -> request.header("x-api-key", key));
        return read(http.exchange(request.build(), target, model.effectiveTimeout()), target);
    }

    @Override
    public LlmPort withStructuredOutput(JsonNode jsonSchema) {
        return new AnthropicLlmPort(http, model, apiKey, jsonSchema);
    }

    @Override
    public PortCapabilities capabilities() {
        return new PortCapabilities(true, true);
    }

    ObjectNode body(List<Message> messages) {
        ObjectNode body = Json.mapper().createObjectNode();
        body.put("model", model.model());
        body.put("max_tokens", model.maxTokens() == null ? DEFAULT_MAX_TOKENS : model.maxTokens());
        if (model.temperature() != null) {
            body.put("temperature", model.temperature());
        }
        String system = messages.stream().filter(m -> m.role() == Role.SYSTEM).map(Message::text)
                .collect(Collectors.joining("\n\n"));
        if (!system.isEmpty()) {
            body.put("system", system);
        }
        ArrayNode wire = body.putArray("messages");
        for (Message message : messages) {
            if (message.role() != Role.SYSTEM) {
                wire.add(toWire(message));
            }
        }
        if (answerSchema != null) {
            ObjectNode tool = body.putArray("tools").addObject();
            tool.put("name", ANSWER_TOOL);
            tool.put("description", "Record the requested answer.");
            tool.set("input_schema", answerSchema);
            body.putObject("tool_choice").put("type", "tool").put("name", ANSWER_TOOL);
        }
        return body;
    }

    private static ObjectNode toWire(Message message) {
        ObjectNode wire = Json.mapper().createObjectNode();
        // tool results travel as user turns in the Messages API
        wire.put("role", message.role() == Role.ASSISTANT ? "assistant" : "user");
        ArrayNode content = wire.putArray("content");
        for (ContentBlock block : message.content()) {
            switch (block) {
                case TextBlock text -> content.addObject().put("type", "text").put("text", text.text());
                case ToolUseBlock use -> content.addObject().put("type", "tool_use").put("id", use.id()).put("name", use.name())
                        .set("input", use.input());
                case ToolResultBlock result -> content.addObject().put("type", "tool_result")
                        .put("tool_use_id", result.toolUseId()).put("content", result.content()).put("is_error", result.isError());
                default -> {
                    // thinking blocks are not sent back
                }
            }
        }
        return wire;
    }

    private LlmResponse read(JsonNode body, String target) {
        if (!body.path("content").isArray()) {
            throw new MalformedResponseException(target + ": the response has no content", Json.write(body));
        }
        return new LlmResponse(content(body), usage(body), body);
    }

    /** The forced tool call's input as JSON text, else the text blocks. */
    private String content(JsonNode body) {
        for (JsonNode block : body.path("content")) {
            if (answerSchema != null && "tool_use".equals(block.path("type").asText())) {
                return Json.write(block.path("input"));
            }
        }
        StringBuilder text = new StringBuilder();
        for (JsonNode block : body.path("content")) {
            if ("text".equals(block.path("type").asText())) {
                text.append(text.isEmpty() ? "" : "\n").append(block.path("text").asText());
            }
        }
        return text.toString();
    }

    private UsageMetadata usage(JsonNode body) {
        JsonNode usage = body.path("usage");
        Long input = number(usage, "input_tokens");
        Long output = number(usage, "output_tokens");
        Long total = input == null || output == null ? null : input + output;
        String modelName = body.path("model").isTextual() ? body.path("model").asText() : model.model();
        return UsageMetadata.builder()
                .inputTokens(input)
                .outputTokens(output)
                .totalTokens(total)
                .cacheReadTokens(number(usage, "cache_read_input_tokens"))
                .cacheCreationTokens(number(usage, "cache_creation_input_tokens"))
                .model(modelName)
                .build();
    }

    private static Long number(JsonNode node, String field) {
        return node.path(field).isNumber() ? node.path(field).asLong() : null;
    }
}
