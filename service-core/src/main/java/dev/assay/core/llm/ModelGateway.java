package dev.assay.core.llm;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.message.Message;
import dev.assay.common.pipeline.RecordedCall;
import dev.assay.common.pipeline.Stage;
import dev.assay.common.port.LlmPort;
import dev.assay.common.port.LlmResponse;
import dev.assay.common.port.ParseResult;
import dev.assay.common.port.PortCapabilities;
import dev.assay.common.port.PortException;
import dev.assay.common.port.PortExecutionException;
import dev.assay.common.port.ToolDefinition;
import dev.assay.common.prompt.PromptTask;
import dev.assay.common.run.ModelConfig;
import dev.assay.common.text.Suggestions;
import dev.assay.core.cache.CacheScope;
import dev.assay.core.cache.ResponseCache;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.Supplier;

/**
 * The stages' one way to call a model. Picks the adapter for the model's {@code interface},
 * resolves its API key from this service's environment, limits concurrency per model, holds every
 * call to a model until a Retry-After it gave has passed, retries what is worth retrying within the
 * model's timeout (one deadline per call), and records every call exactly as sent.
 */
@ApplicationScoped
public class ModelGateway {

    private final Map<String, LlmPortFactory> factories;
    private final SecretResolver secrets;
    private final LlmSettings settings;
    private final ConcurrencyLimits limits = new ConcurrencyLimits();
    private final RetryAfterGate gate = new RetryAfterGate();
    private final RetryPolicy retry;
    private final ConcurrentMap<ModelConfig, LlmPort> ports = new ConcurrentHashMap<>();
    private final ModelCallObserver observer;
    private final ResponseCache cache;
    /** Set once the service stops taking work ({@link #stopCalls}): no call reaches a model any more. */
    private volatile boolean stopped;
    /** Asked on a caller's thread as its call begins: what to do should the call (or a retry of it) be refused. */
    private volatile Supplier<Runnable> refusals = () -> () -> { };

    @Inject
    public ModelGateway(Instance<LlmPortFactory> factories, SecretResolver secrets, LlmSettings settings,
                        ModelCallObserver observer, ResponseCache cache) {
        this(factories.stream().toList(), secrets, settings, observer, cache);
    }

    /** The response cache the gateway answers from ({@link ResponseCache#NONE} when no store is configured). */
    public ResponseCache cache() {
        return cache;
    }

    public ModelGateway(Collection<LlmPortFactory> factories, SecretResolver secrets, LlmSettings settings) {
        this(factories, secrets, settings, ModelCallObserver.NONE);
    }

    public ModelGateway(Collection<LlmPortFactory> factories, SecretResolver secrets, LlmSettings settings,
                        ModelCallObserver observer) {
        this(factories, secrets, settings, observer, ResponseCache.NONE);
    }

    /** A gateway answering calls from {@code cache} where their {@link CacheScope} allows. */
    public ModelGateway(Collection<LlmPortFactory> factories, SecretResolver secrets, LlmSettings settings,
                        ModelCallObserver observer, ResponseCache cache) {
        this.cache = cache == null ? ResponseCache.NONE : cache;
        Map<String, LlmPortFactory> byName = new TreeMap<>();
        for (LlmPortFactory factory : factories) {
            LlmPortFactory clash = byName.put(factory.interfaceName(), factory);
            if (clash != null) {
                throw new IllegalStateException("two adapters for interface " + factory.interfaceName() + ": "
                        + clash.getClass().getName() + " and " + factory.getClass().getName());
            }
        }
        this.factories = Map.copyOf(byName);
        this.secrets = secrets;
        this.settings = settings;
        this.retry = new RetryPolicy(settings);
        this.observer = observer;
    }

    /** The interfaces this service can call. */
    public Set<String> interfaces() {
        return new java.util.TreeSet<>(factories.keySet());
    }

    public PortCapabilities capabilities(ModelConfig model) {
        return port(model).capabilities();
    }

    /** A text answer. Throws {@link ModelCallException} when the call fails for good. */
    public Completion complete(ModelConfig model, Stage stage, PromptTask task, List<Message> messages) {
        return complete(model, stage, task, messages, CacheScope.OFF);
    }

    /** A text answer, from the response cache when {@code scope} allows and it has one. */
    public Completion complete(ModelConfig model, Stage stage, PromptTask task, List<Message> messages, CacheScope scope) {
        List<RecordedCall> calls = new ArrayList<>();
        try {
            LlmResponse response = guarded(model, stage, task, calls, scope).invoke(messages);
            return new Completion(response.content(), response.usage(), calls);
        } catch (PortException e) {
            throw new ModelCallException(e, calls);
        }
    }

    /**
     * One turn of an agent: a text answer or tool calls. The call counts against the model's
     * {@code max_concurrency} and honours Retry-After like any other.
     */
    public Completion complete(ModelConfig model, Stage stage, PromptTask task, List<Message> messages,
                               List<ToolDefinition> tools) {
        List<RecordedCall> calls = new ArrayList<>();
        try {
            LlmResponse response = guarded(model, stage, task, calls, CacheScope.OFF).invoke(messages, tools);
            return new Completion(response.content(), response.usage(), calls, response.toolCalls());
        } catch (PortException e) {
            throw new ModelCallException(e, calls);
        }
    }

    /**
     * A JSON object valid against {@code schema}, with repair rounds when the judge's answer is
     * unusable. Throws {@link ModelCallException} when no usable answer could be had.
     */
    public Extraction extract(ModelConfig model, Stage stage, PromptTask task, List<Message> messages, JsonNode schema) {
        return extract(model, stage, task, messages, schema, AnswerCheck.NONE);
    }

    /**
     * Like {@link #extract(ModelConfig, Stage, PromptTask, List, JsonNode)}, with {@code check}'s
     * problems treated like schema errors (repair rounds, then {@link ModelCallException}).
     */
    public Extraction extract(ModelConfig model, Stage stage, PromptTask task, List<Message> messages, JsonNode schema,
                              AnswerCheck check) {
        return extract(model, stage, task, messages, schema, check, CacheScope.OFF);
    }

    /** Like {@link #extract(ModelConfig, Stage, PromptTask, List, JsonNode, AnswerCheck)}, each call from the cache when it can be. */
    public Extraction extract(ModelConfig model, Stage stage, PromptTask task, List<Message> messages, JsonNode schema,
                              AnswerCheck check, CacheScope scope) {
        List<RecordedCall> calls = new ArrayList<>();
        try {
            ParseResult result = new JsonParserPort(guarded(model, stage, task, calls, scope), settings.repairAttempts(), check)
                    .parse(messages, schema);
            if (!result.coercions().isEmpty() && !calls.isEmpty()) {
                // The last call is the one whose answer was used: it carries what was read as another type.
                calls.set(calls.size() - 1, calls.get(calls.size() - 1).withCoercions(result.coercions()));
            }
            return new Extraction(result.parsed(), result.usage(), calls);
        } catch (PortException e) {
            throw new ModelCallException(e, calls);
        }
    }

    /**
     * The model config as far as it shapes the adapter's client (the id stays: adapters name the
     * model by its canonical key in errors). The system prompt, the concurrency limit, the prices and the agent settings
     * do not, so runs that differ only in them share one client instead of each leaving one behind
     * in this long-lived cache.
     */
    private static ModelConfig clientKey(ModelConfig model) {
        return model.toBuilder().maxConcurrency(null).systemPrompt(null).prices(null).agent(null).build();
    }

    /**
     * From now on no call reaches a model (docs/deploy.md, graceful shutdown): each attempt that would, a
     * retry or a repair round included, fails for good instead, and what {@link #onRefusedCalls} gave for
     * that call runs. For a service
     * stopping its work (the shutdown drain), so that no call starts that nobody will wait for; answers the
     * response cache holds are still served.
     */
    public void stopCalls() {
        this.stopped = true;
    }

    /**
     * Who hears of refused calls: {@code refusal} is asked on the caller's thread as each call begins (an attempt
     * may run on another thread), for what to do should that call be refused (the shutdown drain gives up on the
     * record the caller handles).
     */
    public void onRefusedCalls(Supplier<Runnable> refusal) {
        this.refusals = refusal;
    }

    private LlmPort guarded(ModelConfig model, Stage stage, PromptTask task, List<RecordedCall> calls, CacheScope scope) {
        Runnable onRefused = refusals.get();
        return new GuardedLlmPort(new Stoppable(port(model), onRefused), model, stage, task, calls, limits, gate, retry, observer,
                cache, scope, null);
    }

    /** The model's port until {@link #stopCalls}; then every call is refused before it is sent. */
    private final class Stoppable implements LlmPort {

        private final LlmPort port;
        private final Runnable onRefused;

        Stoppable(LlmPort port, Runnable onRefused) {
            this.port = port;
            this.onRefused = onRefused;
        }

        @Override
        public LlmResponse invoke(List<Message> messages) {
            refuseWhenStopped();
            return port.invoke(messages);
        }

        @Override
        public LlmResponse invoke(List<Message> messages, List<ToolDefinition> tools) {
            refuseWhenStopped();
            return port.invoke(messages, tools);
        }

        @Override
        public LlmPort withStructuredOutput(JsonNode jsonSchema) {
            return new Stoppable(port.withStructuredOutput(jsonSchema), onRefused);
        }

        @Override
        public PortCapabilities capabilities() {
            return port.capabilities();
        }

        private void refuseWhenStopped() {
            if (stopped) {
                onRefused.run();
                throw PortExecutionException.permanent("the service is stopping: no new model call starts");
            }
        }
    }

    private LlmPort port(ModelConfig model) {
        return ports.computeIfAbsent(clientKey(model), config -> {
            LlmPortFactory factory = factories.get(config.interfaceName());
            if (factory == null) {
                throw PortExecutionException.permanent("no adapter for interface \"" + config.interfaceName() + "\""
                        + Suggestions.didYouMean(config.interfaceName(), factories.keySet())
                        + "; this service has: " + String.join(", ", factories.keySet()));
            }
            return factory.create(config, secrets.resolve(config.apiKeyEnv()));
        });
    }
}
