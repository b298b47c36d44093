package dev.assay.core.llm;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.message.Message;
import dev.assay.common.pipeline.RecordedCall;
import dev.assay.common.pipeline.Stage;
import dev.assay.common.port.LlmPort;
import dev.assay.common.port.LlmResponse;
import dev.assay.common.port.PortCapabilities;
import dev.assay.common.port.PortException;
import dev.assay.common.port.PortExecutionException;
import dev.assay.common.port.UsageMetadata;
import dev.assay.common.prompt.PromptTask;
import dev.assay.common.run.ModelConfig;

import java.time.Duration;
import java.util.List;

/**
 * An adapter's port with the service's guarantees around each call: at most {@code max_concurrency}
 * calls per model at once, retries with backoff (honouring Retry-After) for errors worth retrying,
 * and every attempt recorded, messages exactly as sent, into {@code calls}.
 */
final class GuardedLlmPort implements LlmPort {

    private final LlmPort delegate;
    private final ModelConfig model;
    private final Stage stage;
    private final PromptTask task;
    private final List<RecordedCall> calls;
    private final ConcurrencyLimits limits;
    private final RetryPolicy retry;
    private final ModelCallObserver observer;

    GuardedLlmPort(LlmPort delegate, ModelConfig model, Stage stage, PromptTask task, List<RecordedCall> calls,
                   ConcurrencyLimits limits, RetryPolicy retry, ModelCallObserver observer) {
        this.delegate = delegate;
        this.model = model;
        this.stage = stage;
        this.task = task;
        this.calls = calls;
        this.limits = limits;
        this.retry = retry;
        this.observer = observer;
    }

    @Override
    public LlmResponse invoke(List<Message> messages) {
        for (int attempt = 1; ; attempt++) {
            PortException failure;
            limits.acquire(model);
            long started = System.nanoTime();
            try (ModelCallObserver.Attempt observed = observer.started(model, stage, task)) {
                try {
                    LlmResponse response = priced(delegate.invoke(messages));
                    observed.succeeded(response.usage());
                    record(messages, response.content(), response.usage(), started, null);
                    return response;
                } catch (PortException e) {
                    failure = e;
                } catch (RuntimeException e) {
                    // an adapter bug must still end as a recorded failure, not an escaped exception
                    failure = new PortExecutionException(model.canonicalKey() + ": unexpected " + e.getClass().getSimpleName()
                            + (e.getMessage() == null ? "" : ": " + e.getMessage()), null, e);
                }
                observed.failed(failure, retry.shouldRetry(failure, attempt));
            } finally {
                limits.release(model);
            }
            record(messages, null, UsageMetadata.EMPTY, started, failure.getMessage());
            if (!retry.shouldRetry(failure, attempt)) {
                throw failure;
            }
            pause(retry.delayBefore(attempt + 1, failure), failure);
        }
    }

    @Override
    public LlmPort withStructuredOutput(JsonNode jsonSchema) {
        return new GuardedLlmPort(delegate.withStructuredOutput(jsonSchema), model, stage, task, calls, limits, retry, observer);
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
        return new LlmResponse(response.content(), usage.withCostUsd(model.prices().costOf(usage)), response.raw());
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
