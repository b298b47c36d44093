package dev.assay.core.llm;

import dev.assay.common.pipeline.Stage;
import dev.assay.common.port.PortException;
import dev.assay.common.port.UsageMetadata;
import dev.assay.common.prompt.PromptTask;
import dev.assay.common.run.ModelConfig;

/**
 * Told about every attempt the {@link ModelGateway} sends to a model: when it starts (a permit is
 * held, the request is about to go out) and how it ended. Metrics and spans hang off this
 * (dev.assay.core.observability.ModelCallMetrics); the gateway itself knows neither.
 */
public interface ModelCallObserver {

    /** Observes nothing: for gateways built outside CDI. */
    ModelCallObserver NONE = (model, stage, task) -> Attempt.NONE;

    /** An attempt is about to be sent, on this thread. The handle must be closed on the same thread. */
    Attempt started(ModelConfig model, Stage stage, PromptTask task);

    /**
     * The model's concurrency limit in this instance changed to {@code limit} (at most {@code max},
     * its {@code max_concurrency}): halved after a 429, or one higher after a round of successes.
     */
    default void concurrencyLimitChanged(ModelConfig model, int limit, int max) {
    }

    /** One attempt in flight; exactly one of {@link #succeeded} or {@link #failed} is called before {@link #close}. */
    interface Attempt extends AutoCloseable {

        Attempt NONE = new Attempt() {
            @Override
            public void succeeded(UsageMetadata usage) {
            }

            @Override
            public void failed(PortException error, boolean willRetry) {
            }

            @Override
            public void close() {
            }
        };

        void succeeded(UsageMetadata usage);

        /** @param willRetry whether the gateway tries again after this attempt */
        void failed(PortException error, boolean willRetry);

        @Override
        void close();
    }
}
