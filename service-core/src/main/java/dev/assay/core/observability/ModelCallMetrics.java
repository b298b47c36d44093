package dev.assay.core.observability;

import dev.assay.common.pipeline.Stage;
import dev.assay.common.port.PortException;
import dev.assay.common.port.UsageMetadata;
import dev.assay.common.prompt.PromptTask;
import dev.assay.common.run.ModelConfig;
import dev.assay.core.llm.ModelCallException;
import dev.assay.core.llm.ModelCallObserver;
import dev.assay.core.tracing.Tracing;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Scope;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Metrics and a span for every model call attempt the gateway makes (docs/deploy.md, Observability):
 * {@code assay_llm_calls_total}, {@code assay_llm_tokens_total}, {@code assay_llm_calls_in_flight}
 * and {@code assay_llm_call_seconds}, tagged with the model's canonical key; and each model's
 * adaptive concurrency limit, {@code assay_llm_concurrency_limit}.
 */
@ApplicationScoped
public class ModelCallMetrics implements ModelCallObserver {

    public static final String CALLS = "assay.llm.calls";
    public static final String TOKENS = "assay.llm.tokens";
    public static final String IN_FLIGHT = "assay.llm.calls.in.flight";
    public static final String DURATION = "assay.llm.call";
    public static final String CONCURRENCY_LIMIT = "assay.llm.concurrency.limit";

    /** Outcome of an attempt that failed and is tried again. */
    public static final String RETRIED = "retried";
    public static final String SUCCESS = "success";

    static final AttributeKey<String> MODEL = AttributeKey.stringKey("assay.model");
    static final AttributeKey<String> STAGE = AttributeKey.stringKey("assay.stage");
    static final AttributeKey<String> TASK = AttributeKey.stringKey("assay.task");
    static final AttributeKey<String> OUTCOME = AttributeKey.stringKey("assay.outcome");
    static final AttributeKey<String> GEN_AI_SYSTEM = AttributeKey.stringKey("gen_ai.system");
    static final AttributeKey<String> GEN_AI_OPERATION = AttributeKey.stringKey("gen_ai.operation.name");
    static final AttributeKey<String> GEN_AI_MODEL = AttributeKey.stringKey("gen_ai.request.model");
    static final AttributeKey<Long> INPUT_TOKENS = AttributeKey.longKey("gen_ai.usage.input_tokens");
    static final AttributeKey<Long> OUTPUT_TOKENS = AttributeKey.longKey("gen_ai.usage.output_tokens");
    static final AttributeKey<String> ERROR_TYPE = AttributeKey.stringKey("error.type");

    /** Bucket bounds of the call latency histogram: LLM calls take from a fraction of a second to minutes. */
    static final Duration[] CALL_BUCKETS = seconds(0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60, 120, 300);

    private final MeterRegistry registry;
    private final Tracer tracer;
    private final ConcurrentMap<String, AtomicInteger> inFlight = new ConcurrentHashMap<>();
    private final ConcurrentMap<String, AtomicInteger> concurrencyLimits = new ConcurrentHashMap<>();
    // Registered once per tag set (as in StageMetrics): registering again runs the registry's filters each call.
    private final ConcurrentMap<List<String>, Counter> callCounters = new ConcurrentHashMap<>();
    private final ConcurrentMap<List<String>, Timer> callTimers = new ConcurrentHashMap<>();
    private final ConcurrentMap<List<String>, Counter> tokenCounters = new ConcurrentHashMap<>();

    @Inject
    public ModelCallMetrics(MeterRegistry registry, Tracing tracing) {
        this(registry, tracing.tracer());
    }

    public ModelCallMetrics(MeterRegistry registry, Tracer tracer) {
        this.registry = registry;
        this.tracer = tracer;
    }

    @Override
    public Attempt started(ModelConfig model, Stage stage, PromptTask task) {
        String key = model.canonicalKey();
        String stageName = stage == null ? "none" : stage.wireName();
        AtomicInteger running = inFlight(key);
        running.incrementAndGet();
        concurrencyLimit(key, model.effectiveMaxConcurrency()); // at max_concurrency until a 429 says otherwise
        Span span = tracer.spanBuilder("chat " + model.model())
                .setSpanKind(SpanKind.INTERNAL)
                .setAttribute(GEN_AI_OPERATION, "chat")
                .setAttribute(GEN_AI_SYSTEM, model.interfaceName())
                .setAttribute(GEN_AI_MODEL, model.model())
                .setAttribute(MODEL, key)
                .setAttribute(STAGE, stageName)
                .setAttribute(TASK, task == null ? "none" : task.wireValue())
                .startSpan();
        Scope scope = Tracing.makeCurrent(span);
        long started = System.nanoTime();
        return new Attempt() {
            private String outcome = "unknown";
            private String error = "none";

            @Override
            public void succeeded(UsageMetadata usage) {
                outcome = SUCCESS;
                if (usage != null) {
                    tokens(key, stageName, "input", usage.inputTokens());
                    tokens(key, stageName, "output", usage.outputTokens());
                    if (usage.inputTokens() != null) {
                        span.setAttribute(INPUT_TOKENS, usage.inputTokens());
                    }
                    if (usage.outputTokens() != null) {
                        span.setAttribute(OUTPUT_TOKENS, usage.outputTokens());
                    }
                }
            }

            @Override
            public void failed(PortException failure, boolean willRetry) {
                outcome = outcomeOf(failure, willRetry);
                error = failure.kind().wireName();
                span.setAttribute(ERROR_TYPE, error);
                span.setStatus(StatusCode.ERROR, failure.getMessage() == null ? error : failure.getMessage());
            }

            @Override
            public void close() {
                long elapsed = System.nanoTime() - started;
                running.decrementAndGet();
                callCounters.computeIfAbsent(List.of(key, stageName, outcome, error), id -> Counter.builder(CALLS)
                        .description("Model call attempts, by model, stage and outcome: success, retried (failed and tried again), "
                                + "or the failure category of an attempt that ended the call (retry, content, system)")
                        .tags("model", key, "stage", stageName, "outcome", outcome, "error", error)
                        .register(registry)).increment();
                callTimers.computeIfAbsent(List.of(key, stageName, outcome), id -> Timer.builder(DURATION)
                        .description("Duration of model call attempts")
                        .tags("model", key, "stage", stageName, "outcome", outcome)
                        .serviceLevelObjectives(CALL_BUCKETS)
                        .register(registry)).record(Duration.ofNanos(elapsed));
                span.setAttribute(OUTCOME, outcome);
                scope.close();
                span.end();
            }
        };
    }

    /** {@code retried} when the gateway tries again, else the failure category the record gets. */
    static String outcomeOf(PortException failure, boolean willRetry) {
        return willRetry ? RETRIED : ModelCallException.categoryOf(failure).wireName();
    }

    private void tokens(String model, String stage, String direction, Long count) {
        if (count == null || count <= 0) {
            return;
        }
        tokenCounters.computeIfAbsent(List.of(model, stage, direction), id -> Counter.builder(TOKENS)
                .description("Tokens the providers reported, by model, stage and direction (input, output)")
                .baseUnit("tokens")
                .tags("model", model, "stage", stage, "direction", direction)
                .register(registry)).increment(count);
    }

    @Override
    public void concurrencyLimitChanged(ModelConfig model, int limit, int max) {
        concurrencyLimit(model.canonicalKey(), max).set(limit);
    }

    private AtomicInteger concurrencyLimit(String model, int initial) {
        return concurrencyLimits.computeIfAbsent(model, key -> {
            AtomicInteger limit = new AtomicInteger(initial);
            Gauge.builder(CONCURRENCY_LIMIT, limit, AtomicInteger::get)
                    .description("Calls a model may have in flight right now in this instance: its max_concurrency,"
                            + " halved after a 429 and raised by one after each round of successes")
                    .tags("model", key)
                    .strongReference(true)
                    .register(registry);
            return limit;
        });
    }

    private AtomicInteger inFlight(String model) {
        return inFlight.computeIfAbsent(model, key -> {
            AtomicInteger count = new AtomicInteger();
            Gauge.builder(IN_FLIGHT, count, AtomicInteger::get)
                    .description("Model calls being sent or awaited right now (a concurrency permit held), by model")
                    .tags("model", key)
                    .strongReference(true)
                    .register(registry);
            return count;
        });
    }

    static Duration[] seconds(double... bounds) {
        Duration[] durations = new Duration[bounds.length];
        for (int i = 0; i < bounds.length; i++) {
            durations[i] = Duration.ofNanos((long) (bounds[i] * 1_000_000_000L));
        }
        return durations;
    }
}
