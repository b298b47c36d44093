package dev.assay.core.llm.openai;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.assay.common.json.Json;
import dev.assay.common.message.ContentBlock;
import dev.assay.common.message.Message;
import dev.assay.common.message.ToolResultBlock;
import dev.assay.common.message.ToolUseBlock;
import dev.assay.common.port.ToolDefinition;
import dev.assay.common.port.LlmPort;
import dev.assay.common.port.LlmResponse;
import dev.assay.common.port.MalformedResponseException;
import dev.assay.common.port.PortCapabilities;
import dev.assay.common.port.UsageMetadata;
import dev.assay.common.run.ModelConfig;
import dev.assay.core.llm.JsonHttp;

import java.net.URI;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * An OpenAI-compatible endpoint (OpenAI, vLLM, llama.cpp, Ollama's /v1, OpenRouter): the chat
 * completions API on the JDK HTTP client ({@link JsonHttp}). Base URL and model come from the
 * job's model config, not the deployment, so one service instance talks to any number of endpoints.
 *
 * <p>Not on quarkus-langchain4j's client: its REST client keeps at most 50 connections per
 * endpoint and cannot be told otherwise, so a model's {@code max_concurrency} above 50 was capped
 * there. The call's deadline (the model's {@code timeout}) is the gateway's ({@code GuardedLlmPort}),
 * which ends the attempt whatever the server does; the HTTP timeout is only a backstop behind it.
 *
 * <p>No native structured output is assumed: the JSON schema travels in the prompt (see the
 * openai adapter instructions), and {@link #withStructuredOutput} returns this port.
 */
final class OpenAiLlmPort implements LlmPort {

    static final String DEFAULT_BASE_URL = "https://api.openai.com/v1";
    /** How much longer than the model's timeout the HTTP client waits: the gateway's deadline ends the call first. */
    static final Duration BACKSTOP_MARGIN = Duration.ofSeconds(5);

    private final JsonHttp http;
    private final ModelConfig model;
    private final Optional<String> apiKey;
    private final String baseUrl;
    private final URI endpoint;

    OpenAiLlmPort(JsonHttp http, ModelConfig model, Optional<String> apiKey) {
        this.http = http;
        this.model = model;
        this.apiKey = apiKey;
        this.baseUrl = model.baseUrl() == null ? DEFAULT_BASE_URL : model.baseUrl();
        this.endpoint = URI.create(baseUrl.replaceAll("/+$", "") + "/chat/completions");
    }

    @Override
    public LlmResponse invoke(List<Message> messages) {
        return invoke(messages, List.of());
    }

    /** An agent's turn: the tools offered as OpenAI functions; the model's {@code tool_calls} come back as tool_use blocks. */
    @Override
    public LlmResponse invoke(List<Message> messages, List<ToolDefinition> tools) {
        String target = model.canonicalKey() + " at " + baseUrl;
        ObjectNode body = body(messages);
        if (!tools.isEmpty()) {
            body.set("tools", OpenAiTools.functions(tools));
        }
        HttpRequest.Builder request = HttpRequest.newBuilder(endpoint)
                .timeout(model.effectiveTimeout().plus(BACKSTOP_MARGIN))
                .header("content-type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(Json.write(body)));
        apiKey.ifPresent(key -> request.header("authorization", "Bearer " + key));
        JsonNode response = http.exchange(request.build(), target, model.effectiveTimeout());
        JsonNode choice = response.path("choices").path(0);
        if (!choice.path("message").isObject()) {
            throw new MalformedResponseException(target + ": the response has no choices[0].message", Json.write(response));
        }
        JsonNode message = choice.path("message");
        String content = message.path("content").isTextual() ? message.path("content").asText() : "";
        List<ToolUseBlock> calls = OpenAiTools.toolUses(message.path("tool_calls"));
        return new LlmResponse(content, usage(response), raw(response, choice), calls);
    }

    @Override
    public LlmPort withStructuredOutput(JsonNode jsonSchema) {
        return this;
    }

    @Override
    public PortCapabilities capabilities() {
        return PortCapabilities.DEFAULT;
    }

    ObjectNode body(List<Message> messages) {
        ObjectNode body = Json.mapper().createObjectNode();
        body.put("model", model.model());
        ArrayNode wire = body.putArray("messages");
        messages.forEach(message -> toWire(message, wire));
        if (model.temperature() != null) {
            body.put("temperature", model.temperature());
        }
        if (model.maxTokens() != null) {
            body.put("max_tokens", model.maxTokens());
        }
        if (model.seed() != null) {
            body.put("seed", model.seed());
        }
        return body;
    }

    /** One Assay message as chat-completions messages: tool results are messages of their own; thinking blocks are not sent back. */
    private static void toWire(Message message, ArrayNode wire) {
        switch (message.role()) {
            case SYSTEM -> wire.addObject().put("role", "system").put("content", message.text());
            case USER -> wire.addObject().put("role", "user").put("content", message.text());
            case ASSISTANT -> {
                ObjectNode assistant = wire.addObject().put("role", "assistant");
                List<ToolUseBlock> uses = message.content().stream()
                        .filter(ToolUseBlock.class::isInstance).map(ToolUseBlock.class::cast).toList();
                if (uses.isEmpty() || !message.text().isEmpty()) {
                    assistant.put("content", message.text());
                } else {
                    assistant.putNull("content");
                }
                if (!uses.isEmpty()) {
                    ArrayNode calls = assistant.putArray("tool_calls");
                    uses.forEach(use -> calls.addObject().put("id", use.id()).put("type", "function").putObject("function")
                            .put("name", use.name()).put("arguments", Json.write(use.input())));
                }
            }
            case TOOL -> {
                for (ContentBlock block : message.content()) {
                    if (block instanceof ToolResultBlock result) {
                        wire.addObject().put("role", "tool").put("tool_call_id", result.toolUseId()).put("content", result.content());
                    }
                }
            }
        }
    }

    private UsageMetadata usage(JsonNode response) {
        JsonNode usage = response.path("usage");
        String modelName = response.path("model").isTextual() ? response.path("model").asText() : model.model();
        return UsageMetadata.builder()
                .inputTokens(number(usage, "prompt_tokens"))
                .outputTokens(number(usage, "completion_tokens"))
                .totalTokens(number(usage, "total_tokens"))
                .model(modelName)
                .build();
    }

    /** What the provider said of the response beside the content: id, model, finish reason. */
    private static JsonNode raw(JsonNode response, JsonNode choice) {
        ObjectNode raw = Json.mapper().createObjectNode();
        raw.set("id", response.path("id").isTextual() ? response.get("id") : null);
        raw.set("model", response.path("model").isTextual() ? response.get("model") : null);
        raw.set("finish_reason", choice.path("finish_reason").isTextual() ? choice.get("finish_reason") : null);
        return raw;
    }

    private static Long number(JsonNode node, String field) {
        return node.path(field).isNumber() ? node.path(field).asLong() : null;
    }
}
