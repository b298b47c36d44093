package dev.assay.generation.messaging;

import dev.assay.common.pipeline.VerificationResult;
import dev.assay.core.messaging.ObservedRecord;
import dev.assay.core.messaging.StageRecords;
import dev.assay.core.observability.RecordIds;
import dev.assay.core.pipeline.RecordReader;
import dev.assay.core.pipeline.UnreadableRecordException;
import dev.assay.generation.config.StoreConfig;
import dev.assay.generation.service.ResultStore;
import io.smallrye.common.annotation.RunOnVirtualThread;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.jboss.logging.Logger;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
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
        Optional<ObservedRecord> observed = records.observe(STAGE, record);
        if (observed.isEmpty()) {
            return CompletableFuture.completedFuture(null); // shutting down: left for the partition's next owner
        }
        try (ObservedRecord current = observed.get()) {
            VerificationResult result;
            try {
                result = RecordReader.read(record.getPayload(), VerificationResult.class);
            } catch (UnreadableRecordException e) {
                LOG.warnf("undecodable record on assay.results sent to the dead-letter topic: %s", e.getMessage());
                current.deadLettered(e);
                return record.nack(e);
            }
            current.identify(RecordIds.of(result));
            try {
                storeWithRetries(result);
            } catch (RuntimeException e) {
                if (current.shutdownAbandonedIt()) {
                    return CompletableFuture.completedFuture(null);
                }
                LOG.errorf(e, "result %s of run %s could not be stored; sent to the dead-letter topic", result.resultId(), result.runId());
                current.deadLettered(e);
                return record.nack(e);
            }
            current.output(result.failure() != null);
            return record.ack();
        }
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
