package dev.assay.generation.messaging;

import dev.assay.common.pipeline.VerificationResult;
import dev.assay.core.messaging.StageDrain;
import dev.assay.core.messaging.StageRecords;
import dev.assay.generation.config.StoreConfig;
import dev.assay.generation.service.ResultNotPlannedException;
import dev.assay.generation.service.ResultStore;
import dev.assay.generation.service.StoreFailures;
import io.smallrye.common.annotation.RunOnVirtualThread;
import io.smallrye.reactive.messaging.kafka.api.IncomingKafkaRecordMetadata;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.jboss.logging.Logger;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Consumes {@code assay.results} (group {@code assay-store}) into the result store. A record is
 * acknowledged only once its row is committed (docs/messaging.md).
 *
 * <p>While the database is unavailable ({@link StoreFailures}), a result waits for it: it is tried
 * again, with a backoff growing to {@code assay.store.max-retry-backoff}, for as long as the outage
 * lasts, and is neither acknowledged nor dead-lettered meanwhile. One record at a time probes the
 * database; the others wait for the probe to succeed, so an outage costs a log line per probe, not
 * one per record. So the committed offset stays
 * before it, the records in flight stay at the service's bound, and the connector pauses fetching
 * once its queue is full: back-pressure, not loss. Only a result the database refuses for its own
 * sake (a constraint, bad data) goes to {@code assay.dlq}, after {@code assay.store.attempts}, as
 * does one that cannot be decoded; a result its run did not plan goes there at once. On shutdown a waiting result is abandoned unacknowledged, for
 * the partition's next owner.
 */
@ApplicationScoped
public class ResultConsumer {

    private static final Logger LOG = Logger.getLogger(ResultConsumer.class);

    /**
     * A result published with this header ({@code true}) was stored before it was published (the local
     * stack's chained consumer publishes what it stored, docs/messaging.md): passed over, not stored again.
     */
    public static final String STORED_HEADER = "assay-result-stored";

    /** The stage name of the store in metrics and spans (docs/deploy.md, Observability). */
    static final String STAGE = "store";

    /** An output "failed" when the result carries a failure. */
    public static final StageRecords.Spec<VerificationResult, VerificationResult> SPEC = new StageRecords.Spec<>(
            STAGE, VerificationResult.class, VerificationResult::resultId, result -> result.failure() != null, LOG);

    private final ResultStore store;
    private final StoreConfig config;
    private final StageRecords records;
    private final StageDrain drain;
    /** Whether an outage is under way, so it is logged once when it starts and once when it ends, not per record. */
    private final AtomicBoolean unavailable = new AtomicBoolean();
    private final AtomicLong unavailableSince = new AtomicLong();
    /** Held by the one record that tries the database while it is unavailable. */
    private final Semaphore probe = new Semaphore(1);
    /** How often a record waiting behind the probe looks whether the outage is over. */
    private static final Duration WAIT_FOR_PROBE = Duration.ofMillis(200);
    public ResultConsumer(ResultStore store, StoreConfig config, StageRecords records, StageDrain drain) {
        if (config.concurrentWrites().isPresent()) {
            LOG.warnf("assay.store.concurrent-writes (ASSAY_STORE_CONCURRENT_WRITES) is set to %d and ignored: the store writes "
                    + "the results waiting together, one transaction at a time (docs/deploy.md)", config.concurrentWrites().get());
        }
        this.store = store;
        this.config = config;
        this.records = records;
        this.drain = drain;
    }

    @Incoming("results")
    @RunOnVirtualThread
    public CompletionStage<Void> consume(Message<String> record) {
        if (storedAlready(record)) {
            return record.ack();
        }
        // the stages' delivery rule, with the store as the output's destination
        return records.handle(record, SPEC, List::of, this::storeWhenAvailable);
    }

    private static boolean storedAlready(Message<String> record) {
        return record.getMetadata(IncomingKafkaRecordMetadata.class)
                .map(meta -> meta.getHeaders().lastHeader(STORED_HEADER))
                .map(header -> header.value() != null && "true".equals(new String(header.value(), StandardCharsets.UTF_8)))
                .orElse(false);
    }

    /**
     * Stores {@code result}, waiting out an outage of the database as a consumed record does (also
     * local-service's chained consumer, which stores its results without the topic between).
     */
    public void storeWhenAvailable(VerificationResult result) {
        Duration backoff = config.retryBackoff();
        int refusals = 0;
        while (true) {
            boolean probing = false;
            if (unavailable.get()) {
                // during an outage one record at a time probes the database; the others wait for it
                probing = probe.tryAcquire();
                if (!probing) {
                    abandonIfShuttingDown(null);
                    sleep(WAIT_FOR_PROBE);
                    continue;
                }
            }
            try {
                // no bound in front of the store: the results waiting share its next transaction (a group
                // commit), so a thousand results in flight take one connection; a bound bounded the transactions
                store.store(result);
                if (unavailable.compareAndSet(true, false)) {
                    LOG.infof("the result store is available again after %d s; storing the results that waited",
                            Duration.ofNanos(System.nanoTime() - unavailableSince.get()).toSeconds());
                }
                return;
            } catch (ResultNotPlannedException e) {
                // the run's plan has no place for it: trying again cannot change that
                throw e;
            } catch (RuntimeException e) {
                var outage = StoreFailures.reason(e);
                if (outage.isPresent()) {
                    if (unavailable.compareAndSet(false, true)) {
                        unavailableSince.set(System.nanoTime());
                        LOG.warnf("the result store is unavailable (%s): results wait for it, unacknowledged, and are "
                                + "tried again every %d ms at most; nothing is dead-lettered for it", outage.get(), config.maxRetryBackoff().toMillis());
                    } else {
                        LOG.debugf("result %s: the store is still unavailable (%s)", result.resultId(), outage.get());
                    }
                } else {
                    refusals++;
                    if (refusals >= config.attempts()) {
                        throw e;
                    }
                    LOG.warnf("result %s: store attempt %d failed (%s); retrying in %s", result.resultId(), refusals, e.getMessage(), backoff);
                }
                abandonIfShuttingDown(e);
                sleep(backoff);
                backoff = min(backoff.multipliedBy(2), config.maxRetryBackoff());
            } finally {
                if (probing) {
                    probe.release();
                }
            }
        }
    }

    private void abandonIfShuttingDown(RuntimeException cause) {
        if (drain.abandoned()) {
            // StageRecords leaves the record unacknowledged for the partition's next owner
            throw new IllegalStateException("shutting down while the result store is unavailable", cause);
        }
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
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
