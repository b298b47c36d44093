package dev.assay.core.testing;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.json.Json;
import dev.assay.common.message.Message;
import dev.assay.common.message.ToolResultBlock;
import dev.assay.common.message.ContentBlock;
import dev.assay.common.message.ToolUseBlock;
import dev.assay.common.port.LlmPort;
import dev.assay.common.port.LlmResponse;
import dev.assay.common.port.PortCapabilities;
import dev.assay.common.port.PortExecutionException;
import dev.assay.common.port.ToolDefinition;
import dev.assay.common.port.UsageMetadata;
import dev.assay.common.run.ModelConfig;
import dev.assay.core.cache.ResponseCache;
import dev.assay.core.llm.LlmPortFactory;
import dev.assay.core.llm.LlmSettings;
import dev.assay.core.llm.ModelCallObserver;
import dev.assay.core.llm.ModelGateway;
import dev.assay.core.llm.SecretResolver;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * A model answering each call with the next scripted reply, behind the real {@link ModelGateway}
 * ({@link #gateway()}: no retries): the stages' unit tests script judges and answering agents
 * with it. A reply is a text, a tool call, or a failure (the call fails for good, as does a call
 * with nothing left to reply); every call's messages and offered tools are kept.
 */
public final class ScriptedLlm implements LlmPortFactory, LlmPort {

    /** The interface name a test's {@link ModelConfig} gives to reach this model. */
    public static final String INTERFACE = "scripted";

    /** One attempt per call, no repair round: what a script says is what the stage gets. */
    public static final LlmSettings NO_RETRIES = new LlmSettings() {
        @Override public int maxAttempts() { return 1; }
        @Override public Duration initialBackoff() { return Duration.ofMillis(1); }
        @Override public Duration maxBackoff() { return Duration.ofMillis(1); }
        @Override public Duration maxRetryAfter() { return Duration.ofMillis(1); }
        @Override public Duration maxRateLimitWait() { return Duration.ZERO; }
        @Override public int repairAttempts() { return 0; }
    };

    private static final Object FAIL = new Object();

    private final Queue<Object> replies = new ConcurrentLinkedQueue<>();
    private final List<List<Message>> received = Collections.synchronizedList(new ArrayList<>());
    private final List<List<String>> offered = Collections.synchronizedList(new ArrayList<>());
    private int toolCalls;

    /** A model replying with {@code texts} in order; a null text fails its call. */
    public ScriptedLlm(String... texts) {
        for (String text : texts) {
            replies.add(text == null ? FAIL : text);
        }
    }

    /** The model as a judge or answering model of a job: {@code scripted:judge}. */
    public static ModelConfig model() {
        return ModelConfig.of(INTERFACE, "judge");
    }

    public ScriptedLlm text(String text) {
        replies.add(text);
        return this;
    }

    /** The next reply asks for tool {@code name} with {@code argumentsJson}. */
    public synchronized ScriptedLlm toolCall(String name, String argumentsJson) {
        replies.add(new ToolUseBlock("call-" + ++toolCalls, name, Json.read(argumentsJson, JsonNode.class)));
        return this;
    }

    /** The next call fails for good. */
    public ScriptedLlm failing() {
        replies.add(FAIL);
        return this;
    }

    /** A gateway over this model alone, with {@link #NO_RETRIES}. */
    public ModelGateway gateway() {
        return new ModelGateway(List.of(this), new SecretResolver(), NO_RETRIES);
    }

    /** A gateway over this model alone, with {@link #NO_RETRIES}, answering from {@code cache} where a call's scope allows. */
    public ModelGateway gateway(ResponseCache cache) {
        return new ModelGateway(List.of(this), new SecretResolver(), NO_RETRIES, ModelCallObserver.NONE, cache);
    }

    /** Every call's messages, in order. */
    public List<List<Message>> received() {
        return received;
    }

    /** Every call's offered tools by name, in order. */
    public List<List<String>> offered() {
        return offered;
    }

    /** The tool results the {@code call}-th call (from 0) was sent, in order: what the model read of its tools. */
    public List<ToolResultBlock> toolResultsSentTo(int call) {
        List<ToolResultBlock> results = new ArrayList<>();
        for (Message message : received.get(call)) {
            for (ContentBlock block : message.content()) {
                if (block instanceof ToolResultBlock result) {
                    results.add(result);
                }
            }
        }
        return results;
    }

    @Override
    public String interfaceName() {
        return INTERFACE;
    }

    @Override
    public LlmPort create(ModelConfig model, Optional<String> apiKey) {
        return this;
    }

    @Override
    public LlmResponse invoke(List<Message> messages) {
        return invoke(messages, List.of());
    }

    @Override
    public LlmResponse invoke(List<Message> messages, List<ToolDefinition> tools) {
        received.add(messages);
        offered.add(tools.stream().map(ToolDefinition::name).toList());
        Object reply = replies.poll();
        if (reply == null || reply == FAIL) {
            throw PortExecutionException.permanent("the judge is gone");
        }
        UsageMetadata usage = UsageMetadata.of("judge", 100, 10);
        return reply instanceof ToolUseBlock call ? new LlmResponse("", usage, null, List.of(call))
                : new LlmResponse((String) reply, usage, null);
    }

    @Override
    public LlmPort withStructuredOutput(JsonNode jsonSchema) {
        return this;
    }

    @Override
    public PortCapabilities capabilities() {
        return PortCapabilities.DEFAULT;
    }
}
