package dev.assay.core.llm.openai;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.assay.common.json.Json;
import dev.assay.common.message.Message;
import dev.assay.common.message.ToolUseBlock;
import dev.assay.common.port.ToolDefinition;
import dev.langchain4j.data.message.AiMessage;
import dev.assay.common.port.LlmPort;
import dev.assay.common.port.LlmResponse;
import dev.assay.common.port.PortCapabilities;
import dev.assay.common.port.UsageMetadata;
import dev.assay.common.run.ModelConfig;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.langchain4j.model.output.TokenUsage;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * An OpenAI-compatible endpoint (OpenAI, vLLM, llama.cpp, Ollama's /v1, OpenRouter) through
 * quarkus-langchain4j. Base URL and model come from the job's model config, not the deployment,
 * so one service instance talks to any number of endpoints.
 *
 * <p>The call's deadline (the model's {@code timeout}) is the gateway's ({@code GuardedLlmPort}),
 * which ends the attempt whatever the server does.
 *
 * <p>No native structured output is assumed: the JSON schema travels in the prompt (see the
 * openai adapter instructions), and {@link #withStructuredOutput} returns this port.
 */
final class OpenAiLlmPort implements LlmPort {

    static final String DEFAULT_BASE_URL = "https://api.openai.com/v1";
    /** Local servers take no key, but the client insists on one. */
    private static final String NO_KEY = "no-key";
    /** How much longer than the model's timeout the HTTP client waits: the gateway's deadline ends the call first. */
    static final Duration BACKSTOP_MARGIN = Duration.ofSeconds(5);

    private final ModelConfig model;
    private final String baseUrl;
    private final ChatModel chatModel;

    OpenAiLlmPort(ModelConfig model, Optional<String> apiKey) {
        this.model = model;
        this.baseUrl = model.baseUrl() == null ? DEFAULT_BASE_URL : model.baseUrl();
        this.chatModel = OpenAiChatModel.builder()
                .baseUrl(baseUrl)
                .apiKey(apiKey.orElse(NO_KEY))
                .modelName(model.model())
                .temperature(model.temperature())
                .maxTokens(model.maxTokens())
                .seed(model.seed() == null ? null : model.seed().intValue())
                // the gateway holds the call's deadline; the client's own timeout is only a backstop behind it
                .timeout(model.effectiveTimeout().plus(BACKSTOP_MARGIN))
                // retries are the gateway's job: one policy, every attempt recorded
                .maxRetries(0)
                .logRequests(false)
                .logResponses(false)
                .build();
    }

    @Override
    public LlmResponse invoke(List<Message> messages) {
        String target = model.canonicalKey() + " at " + baseUrl;
        ChatRequest request = ChatRequest.builder().messages(LangChainMessages.toLangChain(messages)).build();
        ChatResponse response;
        try {
            response = chatModel.chat(request);
        } catch (RuntimeException e) {
            throw LangChainErrors.toPortException(e, target, model.effectiveTimeout().plus(BACKSTOP_MARGIN));
        }
        String content = response.aiMessage() == null || response.aiMessage().text() == null ? "" : response.aiMessage().text();
        return new LlmResponse(content, usage(response), raw(response));
    }

    /** An agent's turn: the tools offered as OpenAI functions; the model's {@code tool_calls} come back as tool_use blocks. */
    @Override
    public LlmResponse invoke(List<Message> messages, List<ToolDefinition> tools) {
        if (tools.isEmpty()) {
            return invoke(messages);
        }
        String target = model.canonicalKey() + " at " + baseUrl;
        ChatRequest request = ChatRequest.builder()
                .messages(LangChainMessages.toLangChain(messages))
                .toolSpecifications(LangChainTools.specifications(tools))
                .build();
        ChatResponse response;
        try {
            response = chatModel.chat(request);
        } catch (RuntimeException e) {
            throw LangChainErrors.toPortException(e, target, model.effectiveTimeout().plus(BACKSTOP_MARGIN));
        }
        AiMessage answer = response.aiMessage();
        String content = answer == null || answer.text() == null ? "" : answer.text();
        List<ToolUseBlock> calls = answer == null || !answer.hasToolExecutionRequests() ? List.of()
                : LangChainTools.toolUses(answer.toolExecutionRequests());
        return new LlmResponse(content, usage(response), raw(response), calls);
    }

    @Override
    public LlmPort withStructuredOutput(JsonNode jsonSchema) {
        return this;
    }

    @Override
    public PortCapabilities capabilities() {
        return PortCapabilities.DEFAULT;
    }

    private UsageMetadata usage(ChatResponse response) {
        TokenUsage tokens = response.tokenUsage();
        String modelName = response.modelName() == null ? model.model() : response.modelName();
        if (tokens == null) {
            return UsageMetadata.builder().model(modelName).build();
        }
        return UsageMetadata.builder()
                .inputTokens(toLong(tokens.inputTokenCount()))
                .outputTokens(toLong(tokens.outputTokenCount()))
                .totalTokens(toLong(tokens.totalTokenCount()))
                .model(modelName)
                .build();
    }

    /** What the client exposes of the provider's response: id, model, finish reason. */
    private static JsonNode raw(ChatResponse response) {
        ObjectNode raw = Json.mapper().createObjectNode();
        raw.put("id", response.id());
        raw.put("model", response.modelName());
        raw.put("finish_reason", response.finishReason() == null ? null : response.finishReason().name().toLowerCase());
        return raw;
    }

    private static Long toLong(Integer value) {
        return value == null ? null : value.longValue();
    }
}
