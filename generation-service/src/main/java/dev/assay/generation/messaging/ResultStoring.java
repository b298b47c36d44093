package dev.assay.generation.messaging;

import dev.assay.common.pipeline.VerificationResult;
import dev.assay.core.messaging.StageDrain;
import dev.assay.generation.config.StoreConfig;
import dev.assay.generation.service.ResultStore;
import dev.assay.generation.service.StoreFailures;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Stores the results a consumer took, by the store's delivery rule (docs/messaging.md): {@link ResultConsumer}'s, from
 * {@code assay.results}, and local-service's chained consumer's, which stores its results without that topic.
 *
 * <p>While the database is unavailable ({@link StoreFailures}), a result waits for it: it is tried
 * again, with a backoff growing to {@code assay.store.max-retry-backoff}, for as long as the outage
 * lasts. One result at a time probes the database; the others wait for the probe to succeed, so an
 * outage costs a log line per probe, not one per result. Only a result the database refuses for its
 * own sake (a constraint, bad data) is given up, after {@code assay.store.attempts}: the caller's
 * record then goes to {@code assay.dlq}. On shutdown a waiting result is abandoned, its record left
 * unacknowledged for the partition's next owner.
 */
@ApplicationScoped
public class ResultStoring {

    private static final Logger LOG = Logger.getLogger(ResultStoring.class);

    private final ResultStore store;
    private final StoreConfig config;
    private final StageDrain drain;
    /** Whether an outage is under way, so it is logged once when it starts and once when it ends, not per record. */
    private final AtomicBoolean unavailable = new AtomicBoolean();
    private final AtomicLong unavailableSince = new AtomicLong();
    /** Held by the one record that tries the database while it is unavailable. */
    private final Semaphore probe = new Semaphore(1);
    /** How often a record waiting behind the probe looks whether the outage is over. */
    private static final Duration WAIT_FOR_PROBE = Duration.ofMillis(200);
    /**
     * Writes in progress ({@code assay.store.concurrent-writes}). The consumer (or local-service's chained one) holds up to
     * ASSAY_STAGE_MAX_CONCURRENCY results at once, far more than the connection pool: without this
     * bound they queued in the pool, and a wait past its acquisition timeout was taken for an outage.
     */
    private final Semaphore writers;

    public ResultStoring(ResultStore store, StoreConfig config, StageDrain drain) {
        if (config.concurrentWrites() < 1) {
            throw new IllegalArgumentException("assay.store.concurrent-writes (ASSAY_STORE_CONCURRENT_WRITES) must be at least 1, got "
                    + config.concurrentWrites());
        }
        this.store = store;
        this.config = config;
        this.drain = drain;
        this.writers = new Semaphore(config.concurrentWrites());
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
                write(result);
                if (unavailable.compareAndSet(true, false)) {
                    LOG.infof("the result store is available again after %d s; storing the results that waited",
                            Duration.ofNanos(System.nanoTime() - unavailableSince.get()).toSeconds());
                }
                return;
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

    private void write(VerificationResult result) {
        try {
            writers.acquire();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting to store result " + result.resultId(), e);
        }
        try {
            store.store(result);
        } finally {
            writers.release();
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
