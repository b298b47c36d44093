package dev.assay.core.llm;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.message.Message;
import dev.assay.common.message.ToolUseBlock;
import dev.assay.common.pipeline.RecordedCall;
import dev.assay.common.pipeline.Stage;
import dev.assay.common.port.LlmPort;
import dev.assay.common.port.LlmResponse;
import dev.assay.common.port.PortCapabilities;
import dev.assay.common.port.PortErrorKind;
import dev.assay.common.port.PortException;
import dev.assay.common.port.PortExecutionException;
import dev.assay.common.port.PortTimeoutException;
import dev.assay.common.port.RateLimitedException;
import dev.assay.common.port.ToolDefinition;
import dev.assay.common.port.UsageMetadata;
import dev.assay.common.prompt.PromptTask;
import dev.assay.common.run.ModelConfig;

import dev.assay.core.cache.CacheKey;
import dev.assay.core.cache.CacheScope;
import dev.assay.core.cache.CachedResponse;
import dev.assay.core.cache.ResponseCache;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * An adapter's port with the service's guarantees around each call: at most {@code max_concurrency}
 * calls per model at once (fewer while the model answers 429s, {@link AdaptiveLimit}), no call to a
 * model before a Retry-After it gave has passed, retries with backoff for errors worth retrying,
 * one deadline for the whole call, and every attempt recorded, messages exactly as sent, into
 * {@code calls} (docs/messaging.md, "Deadlines, retries and rate limits").
 *
 * <p>The deadline is the model's {@code timeout}, charged only with the time the call's attempts
 * spend with the provider: it guards against a provider that hangs, not against a queue. Each
 * attempt gets what is left of it; once the attempts have used it up the call fails as
 * {@code deadline exceeded} (a timeout). Time the call is held without talking to the provider is
 * not charged to it: queueing for a slot (local back-pressure: a stage has more records in flight
 * than the model takes calls), waiting out a Retry-After, backing off. Refusals (429s) do not use
 * up the call's {@code max-attempts} either; the time they hold the call in all is bounded by
 * {@code assay.llm.max-rate-limit-wait} instead, and a single Retry-After by
 * {@code assay.llm.max-retry-after}: past either the call fails as {@code rate_limited}.
 */
final class GuardedLlmPort implements LlmPort, JudgedAnswers {

    private static final org.jboss.logging.Logger LOG = org.jboss.logging.Logger.getLogger(GuardedLlmPort.class);

    private final LlmPort delegate;
    private final ModelConfig model;
    private final Stage stage;
    private final PromptTask task;
    private final List<RecordedCall> calls;
    private final ConcurrencyLimits limits;
    private final RetryAfterGate gate;
    private final RetryPolicy retry;
    private final ModelCallObserver observer;
    private final ResponseCache cache;
    private final CacheScope scope;
    private final JsonNode schema;

    GuardedLlmPort(LlmPort delegate, ModelConfig model, Stage stage, PromptTask task, List<RecordedCall> calls,
                   ConcurrencyLimits limits, RetryAfterGate gate, RetryPolicy retry, ModelCallObserver observer) {
        this(delegate, model, stage, task, calls, limits, gate, retry, observer, ResponseCache.NONE, CacheScope.OFF, null);
    }

    GuardedLlmPort(LlmPort delegate, ModelConfig model, Stage stage, PromptTask task, List<RecordedCall> calls,
                   ConcurrencyLimits limits, RetryAfterGate gate, RetryPolicy retry, ModelCallObserver observer,
                   ResponseCache cache, CacheScope scope, JsonNode schema) {
        this.cache = cache;
        this.scope = scope;
        this.schema = schema;
        this.delegate = delegate;
        this.model = model;
        this.stage = stage;
        this.task = task;
        this.calls = calls;
        this.limits = limits;
        this.gate = gate;
        this.retry = retry;
        this.observer = observer;
    }

    /**
     * The cached answer when the scope reads the cache and has one, else the model's. A text answer is
     * stored at once (when the scope writes), unless it is blank; a judge's structured answer only once
     * its parser found it usable ({@link #usable}), so an answer the stage could not use is never
     * stored (docs/cache.md).
     */
    @Override
    public LlmResponse invoke(List<Message> messages) {
        java.util.function.Supplier<LlmResponse> call = () -> delegate.invoke(messages);
        if (!scope.mode().reads()) {
            return guarded(messages, call);
        }
        String key = cacheKey(messages);
        Optional<CachedResponse> hit = cache.find(key);
        if (hit.isPresent()) {
            // paid for once already: the original usage is kept, the cost of this call is nothing
            UsageMetadata usage = hit.get().usage().withCostUsd(BigDecimal.ZERO);
            synchronized (calls) {
                calls.add(new RecordedCall(stage, task, model.canonicalKey(), messages, hit.get().content(), usage, 0, null,
                        List.of(), true, hit.get().usage().costUsd()));
            }
            return new LlmResponse(hit.get().content(), usage, SERVED_FROM_CACHE);
        }
        LlmResponse response = guarded(messages, call);
        if (schema == null && !response.content().isBlank()) {
            store(key, response);
        }
        return response;
    }

    /**
     * An agent's turn: the same guarantees, one call counted against the model's {@code max_concurrency}.
     * Never cached, whatever the scope: the cache key does not cover the tools offered, and a tool's
     * results may change between runs (docs/cache.md).
     */
    @Override
    public LlmResponse invoke(List<Message> messages, List<ToolDefinition> tools) {
        return guarded(messages, () -> delegate.invoke(messages, tools));
    }

    /** What {@link #invoke(List)} answers from the cache carries as its raw body: no provider's body was read. */
    private static final JsonNode SERVED_FROM_CACHE = dev.assay.common.json.Json.mapper().createObjectNode()
            .put("served_from_cache", true);

    /** The parser could use the structured answer {@code response} to {@code messages}: stored, unless it came from the cache. */
    @Override
    public void usable(List<Message> messages, LlmResponse response) {
        if (scope.mode().reads() && response.raw() != SERVED_FROM_CACHE) {
            store(cacheKey(messages), response);
        }
    }

    /**
     * The parser could not use {@code response} to {@code messages}: it was not stored, and an answer the
     * cache served is removed (only that answer: another one stored meanwhile under the key stays).
     */
    @Override
    public void unusable(List<Message> messages, LlmResponse response) {
        if (scope.mode().reads() && response.raw() == SERVED_FROM_CACHE) {
            cache.evict(cacheKey(messages), response.content());
        }
    }

    private String cacheKey(List<Message> messages) {
        return CacheKey.of(model, messages, schema, scope.replicate(), scope.sample());
    }

    private void store(String key, LlmResponse response) {
        if (scope.mode().writes()) {
            cache.putIfAbsent(key, model.canonicalKey(), scope.runId(), new CachedResponse(response.content(), response.usage()));
        }
    }

    private LlmResponse guarded(List<Message> messages, java.util.function.Supplier<LlmResponse> call) {
        Budget budget = new Budget(model.effectiveTimeout(), retry.maxRateLimitWait());
        PortException previous = null;
        int attempts = 0; // attempts that ended other than in a 429: those count against max-attempts
        int refusals = 0;
        while (true) {
            long round = awaitTurn(budget, previous, refusals);
            PortException failure;
            Next next;
            long started = System.nanoTime();
            try (ModelCallObserver.Attempt observed = observer.started(model, stage, task)) {
                try {
                    LlmResponse response = priced(Deadline.within(budget.remaining(), model.canonicalKey(), call::get));
                    observed.succeeded(response.usage());
                    adapted(limits.succeeded(model), false);
                    record(messages, recordedAnswer(response), response.usage(), started, null);
                    return response;
                } catch (PortException e) {
                    failure = e;
                } catch (RuntimeException e) {
                    // an adapter bug must still end as a recorded failure, not an escaped exception
                    failure = new PortExecutionException(model.canonicalKey() + ": unexpected " + e.getClass().getSimpleName()
                            + (e.getMessage() == null ? "" : ": " + e.getMessage()), null, e);
                }
                budget.spentInAttempt(System.nanoTime() - started);
                // before anything else: calls to this model waiting right now must see it
                failure.retryAfter().ifPresent(wait -> gate.holdFor(model.canonicalKey(), wait));
                if (RetryPolicy.isRefusal(failure)) {
                    refusals++;
                    adapted(limits.rateLimited(model, round), true);
                } else {
                    attempts++;
                }
                if (failure.kind() == PortErrorKind.TIMEOUT && budget.isOver()) {
                    failure = deadlineExceeded("no answer within the call's timeout of " + describe(budget.timeout()), failure);
                    next = new Next(Duration.ZERO, failure);
                } else {
                    next = next(failure, attempts, refusals, budget);
                }
                observed.failed(failure, next.ending() == null);
            } finally {
                limits.release(model);
            }
            record(messages, null, UsageMetadata.EMPTY, started, failure.getMessage());
            if (next.ending() != null) {
                throw next.ending();
            }
            long pausing = System.nanoTime();
            pause(next.pause(), failure);
            if (RetryPolicy.isRefusal(failure)) {
                budget.heldByRateLimits(System.nanoTime() - pausing);
            }
            previous = failure;
        }
    }

    /** What follows a failed attempt: a pause before the next one, or the error that ends the call. */
    private record Next(Duration pause, PortException ending) {
    }

    private Next next(PortException failure, int attempts, int refusals, Budget budget) {
        if (!retry.shouldRetry(failure, attempts)) {
            return new Next(Duration.ZERO, failure);
        }
        Optional<Duration> asked = failure.retryAfter();
        if (asked.isPresent() && asked.get().compareTo(retry.maxRetryAfter()) > 0) {
            return new Next(Duration.ZERO, tooLongToWait(asked.get(), failure));
        }
        if (budget.isOver()) {
            return new Next(Duration.ZERO, deadlineExceeded("the attempts so far took the call's whole timeout of "
                    + describe(budget.timeout()) + " (the last: " + failure.getMessage() + ")", failure));
        }
        boolean refused = RetryPolicy.isRefusal(failure);
        // a Retry-After is waited out at the gate (with any later one another call got); else back off
        Duration pause = asked.isPresent() ? Duration.ZERO : retry.backoff((refused ? refusals : attempts) + 1);
        if (refused) {
            Duration wait = max(pause, gate.remaining(model.canonicalKey()));
            if (budget.wouldWaitTooLong(wait)) {
                return new Next(Duration.ZERO, waitedTooLong(wait, budget, refusals, failure));
            }
        }
        return new Next(pause, null);
    }

    /**
     * Returns holding a permit for the model, at a time no Retry-After forbids, and the round of the
     * model's limit the permit was taken in; throws when the wait would be longer than allowed.
     * Neither the wait for the permit nor the one at the gate is charged to the call's deadline.
     */
    private long awaitTurn(Budget budget, PortException previous, int refusals) {
        String key = model.canonicalKey();
        while (true) {
            Duration held = gate.remaining(key);
            if (!held.isZero()) {
                if (held.compareTo(retry.maxRetryAfter()) > 0) {
                    throw tooLongToWait(held, previous);
                }
                if (budget.wouldWaitTooLong(held)) {
                    throw waitedTooLong(held, budget, refusals, previous);
                }
                long pausing = System.nanoTime();
                pause(held, new PortExecutionException(key + ": interrupted while waiting out a Retry-After"));
                budget.heldByRateLimits(System.nanoTime() - pausing);
                continue;
            }
            long round = limits.acquire(model);
            if (gate.remaining(key).isZero()) {
                return round;
            }
            // a 429 arrived while this call queued: give the slot back and wait it out
            limits.release(model);
        }
    }

    /**
     * Reports a change of the model's concurrency limit; logs it at info when it leaves
     * max_concurrency or gets back to it (in between, at debug: under steady 429s it changes often).
     */
    private void adapted(java.util.OptionalInt changed, boolean down) {
        if (changed.isEmpty()) {
            return;
        }
        int limit = changed.getAsInt();
        int max = limits.forModel(model).max();
        observer.concurrencyLimitChanged(model, limit, max);
        if (down && limit * 2 >= max) {
            LOG.infof("%s: the provider answered 429: concurrency limit now %d of max_concurrency %d, back up by one"
                    + " after each round of successes", model.canonicalKey(), limit, max);
        } else if (!down && limit == max) {
            LOG.infof("%s: concurrency limit back at max_concurrency %d", model.canonicalKey(), max);
        } else {
            LOG.debugf("%s: concurrency limit now %d of max_concurrency %d", model.canonicalKey(), limit, max);
        }
    }

    private PortTimeoutException deadlineExceeded(String why, PortException cause) {
        return new PortTimeoutException(model.canonicalKey() + ": deadline exceeded: " + why, model.effectiveTimeout(), cause);
    }

    private RateLimitedException tooLongToWait(Duration asked, PortException cause) {
        return new RateLimitedException(model.canonicalKey() + ": rate limited: the provider asked to wait " + describe(asked)
                + " before calling this model again, longer than assay.llm.max-retry-after (" + describe(retry.maxRetryAfter())
                + "); raise that setting to wait it out"
                + (cause == null ? "" : " (" + cause.getMessage() + ")"), asked, cause);
    }

    private RateLimitedException waitedTooLong(Duration more, Budget budget, int refusals, PortException cause) {
        return new RateLimitedException(model.canonicalKey() + ": rate limited: the provider kept refusing calls to this model;"
                + " this call was held " + describe(budget.heldByRateLimits())
                + (refusals == 0 ? "" : " after " + refusals + (refusals == 1 ? " refusal" : " refusals"))
                + " and another " + describe(more) + " would pass assay.llm.max-rate-limit-wait ("
                + describe(budget.maxRateLimitWait()) + "); raise that setting to wait longer"
                + (cause == null ? "" : " (" + cause.getMessage() + ")"), more, cause);
    }

    /**
     * One call's two allowances (one thread: the caller's): its {@code timeout}, charged with the
     * time its attempts spend with the provider, and the time rate limits may hold it.
     */
    private static final class Budget {

        private final Duration timeout;
        private final Duration maxRateLimitWait;
        private long attemptsNanos;
        private long heldNanos;

        Budget(Duration timeout, Duration maxRateLimitWait) {
            this.timeout = timeout;
            this.maxRateLimitWait = maxRateLimitWait;
        }

        Duration timeout() {
            return timeout;
        }

        Duration maxRateLimitWait() {
            return maxRateLimitWait;
        }

        void spentInAttempt(long nanos) {
            attemptsNanos += nanos;
        }

        Duration remaining() {
            return timeout.minusNanos(attemptsNanos);
        }

        boolean isOver() {
            return remaining().compareTo(Duration.ZERO) <= 0;
        }

        void heldByRateLimits(long nanos) {
            heldNanos += nanos;
        }

        Duration heldByRateLimits() {
            return Duration.ofNanos(heldNanos);
        }

        /** Whether waiting {@code more} for rate limits would take the call past {@code max-rate-limit-wait}. */
        boolean wouldWaitTooLong(Duration more) {
            return heldByRateLimits().plus(more).compareTo(maxRateLimitWait) > 0;
        }
    }

    private static Duration max(Duration a, Duration b) {
        return a.compareTo(b) >= 0 ? a : b;
    }

    static String describe(Duration duration) {
        long millis = duration.toMillis();
        if (millis < 1000) {
            return millis + "ms";
        }
        return millis % 1000 == 0 ? millis / 1000 + "s" : String.format(java.util.Locale.ROOT, "%.1fs", millis / 1000.0);
    }

    @Override
    public LlmPort withStructuredOutput(JsonNode jsonSchema) {
        return new GuardedLlmPort(delegate.withStructuredOutput(jsonSchema), model, stage, task, calls, limits, gate, retry,
                observer, cache, scope, jsonSchema);
    }

    @Override
    public PortCapabilities capabilities() {
        return delegate.capabilities();
    }

    /** The response with its cost, when the model has prices and the provider reported none. */
    private LlmResponse priced(LlmResponse response) {
        UsageMetadata usage = response.usage();
        if (model.prices() == null || usage.costUsd() != null) {
            return response;
        }
        return response.withUsage(usage.withCostUsd(model.prices().costOf(usage)));
    }

    /** The answer as recorded: its text, and the tools it asked for, one line each. */
    private static String recordedAnswer(LlmResponse response) {
        if (response.toolCalls().isEmpty()) {
            return response.content();
        }
        StringBuilder text = new StringBuilder(response.content());
        for (ToolUseBlock call : response.toolCalls()) {
            if (!text.isEmpty()) {
                text.append('\n');
            }
            text.append("[tool call ").append(call.name()).append(" (").append(call.id()).append(") ")
                    .append(dev.assay.common.json.Json.write(call.input())).append(']');
        }
        return text.toString();
    }

    private void record(List<Message> messages, String response, UsageMetadata usage, long startedNanos, String error) {
        long latencyMs = (System.nanoTime() - startedNanos) / 1_000_000;
        synchronized (calls) {
            calls.add(new RecordedCall(stage, task, model.canonicalKey(), messages, response, usage, latencyMs, error));
        }
    }

    private static void pause(Duration delay, PortException cause) {
        try {
            Thread.sleep(delay);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw cause;
        }
    }
}
