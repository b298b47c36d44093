package dev.assay.generation.messaging;

import dev.assay.common.pipeline.VerificationResult;
import dev.assay.core.messaging.StageRecords;
import dev.assay.generation.config.StoreConfig;
import dev.assay.generation.service.ResultStore;
import io.smallrye.common.annotation.RunOnVirtualThread;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.jboss.logging.Logger;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * Consumes {@code assay.results} (group {@code assay-store}) into the result store. A record is
 * acknowledged only once its row is committed; one that cannot be decoded, or stored after a few
 * attempts, goes to {@code assay.dlq} with the reason and the consumer goes on (docs/messaging.md).
 */
@ApplicationScoped
public class ResultConsumer {

    private static final Logger LOG = Logger.getLogger(ResultConsumer.class);

    /** The stage name of the store in metrics and spans (docs/deploy.md, Observability). */
    static final String STAGE = "store";

    /** An output "failed" when the result carries a failure. */
    private static final StageRecords.Spec<VerificationResult, VerificationResult> SPEC = new StageRecords.Spec<>(
            STAGE, VerificationResult.class, VerificationResult::resultId, result -> result.failure() != null, LOG);

    private final ResultStore store;
    private final StoreConfig config;
    private final StageRecords records;

    public ResultConsumer(ResultStore store, StoreConfig config, StageRecords records) {
        this.store = store;
        this.config = config;
        this.records = records;
    }

    @Incoming("results")
    @RunOnVirtualThread
    public CompletionStage<Void> consume(Message<String> record) {
        // the stages' delivery rule, with the store as the output's destination
        return records.handle(record, SPEC, List::of, this::storeWithRetries);
    }

    private void storeWithRetries(VerificationResult result) {
        Duration backoff = config.retryBackoff();
        for (int attempt = 1; ; attempt++) {
            try {
                store.store(result);
                return;
            } catch (RuntimeException e) {
                if (attempt >= config.attempts()) {
                    throw e;
                }
                LOG.warnf("result %s: store attempt %d failed (%s); retrying in %s", result.resultId(), attempt, e.getMessage(), backoff);
                sleep(backoff);
                backoff = backoff.multipliedBy(2);
            }
        }
    }

    private static void sleep(Duration duration) {
        try {
            Thread.sleep(duration);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting to retry", e);
        }
    }
}
