package dev.assay.core.messaging;

import dev.assay.core.llm.ModelGateway;
import io.quarkus.runtime.ShutdownEvent;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Graceful shutdown of the stage consumers (docs/deploy.md, Observability: shutdown). On shutdown, before
 * the Kafka connector closes, no new record is started and the records in flight get up to
 * {@code assay.shutdown.drain-timeout} to finish: publish their outputs and be acknowledged, so
 * their offsets are committed when the consumer closes. A record that arrives while draining is
 * left unacknowledged (its offset is not committed, so the partition's next owner processes it);
 * one still running when the time is up is abandoned the same way: its outputs, if it gets that
 * far, are not published, and it is neither acknowledged nor dead-lettered. No model call starts once
 * draining ({@link ModelGateway#stopCalls}): calls in flight finish, and a record that would start one is
 * given up the same way.
 */
@ApplicationScoped
public class StageDrain {

    private static final Logger LOG = Logger.getLogger(StageDrain.class);

    enum State { RUNNING, DRAINING, ABANDONED }

    private final Duration timeout;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition idle = lock.newCondition();
    private int inFlight;
    /** The record each thread handles (its own, not a stage run inside it), for a model call refused on it. */
    private final ThreadLocal<ObservedRecord> handled = new ThreadLocal<>();
    private volatile State state = State.RUNNING;

    /** The models' gateway, told to start no call once draining; null where there is none (a unit test). */
    private final ModelGateway gateway;

    public StageDrain(Duration timeout) {
        this(timeout, (ModelGateway) null);
    }

    @Inject
    public StageDrain(@ConfigProperty(name = "assay.shutdown.drain-timeout", defaultValue = "30s") Duration timeout,
                      Instance<ModelGateway> gateway) {
        this(timeout, gateway.isResolvable() ? gateway.get() : null);
    }

    StageDrain(Duration timeout, ModelGateway gateway) {
        this.timeout = timeout;
        this.gateway = gateway;
        if (gateway != null) {
            gateway.onRefusedCalls(this::refusalOfThisThread);
        }
    }

    /** Counts a record in; false once shutting down, when the record must be left alone (not acked, not nacked). */
    public boolean enter() {
        lock.lock();
        try {
            if (state != State.RUNNING) {
                return false;
            }
            inFlight++;
            return true;
        } finally {
            lock.unlock();
        }
    }

    public void exit() {
        lock.lock();
        try {
            inFlight--;
            if (inFlight <= 0) {
                idle.signalAll();
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * What to do should a model call this thread begins be refused: give up the record this thread handles.
     * A call begun on a thread handling no record of its own (a stage's helper thread) gives up on every
     * record in flight, not knowing whose it was.
     */
    Runnable refusalOfThisThread() {
        ObservedRecord record = handled.get();
        return record != null ? record::abandoned : this::abandonInFlight;
    }

    /** Whether the record this thread handles was given up, or the drain gave up on all: it may store nothing. */
    public boolean handledRecordAbandoned() {
        ObservedRecord record = handled.get();
        return abandoned() || record != null && record.shutdownAbandonedIt();
    }

    /** {@code record} is handled on this thread from now until {@link #handlingEnded()} (a record counted into the drain). */
    void handling(ObservedRecord record) {
        handled.set(record);
    }

    void handlingEnded() {
        handled.remove();
    }

    /** Gives up on the records in flight (once draining): they publish, store and acknowledge nothing. */
    void abandonInFlight() {
        lock.lock();
        try {
            if (state == State.DRAINING) {
                state = State.ABANDONED;
                LOG.infof("shutting down: a record in flight needed a new model call; the %d record(s) in flight are abandoned "
                        + "and will be processed again by the next owner of their partitions", inFlight);
            }
        } finally {
            lock.unlock();
        }
    }

    /** True once the drain gave up on the records still in flight: they must not publish or acknowledge anything. */
    public boolean abandoned() {
        return state == State.ABANDONED;
    }

    /** True once shutting down: no record is started any more. */
    public boolean draining() {
        return state != State.RUNNING;
    }

    public int inFlight() {
        lock.lock();
        try {
            return inFlight;
        } finally {
            lock.unlock();
        }
    }

    /** Before the messaging connectors close (they close when the application scope is destroyed, after this event). */
    void onShutdown(@Observes @Priority(1) ShutdownEvent event) {
        drain(timeout);
    }

    /**
     * Stops taking records and starting model calls, and waits up to {@code limit} for the records in flight;
     * true when all finished (false: some were abandoned). Again once draining: waits for what is still in flight.
     */
    public boolean drain(Duration limit) {
        long deadline = System.nanoTime() + limit.toNanos();
        lock.lock();
        try {
            if (state == State.RUNNING) {
                state = State.DRAINING;
                if (gateway != null) {
                    // No call starts any more: a record that needed one cannot finish, so it is given up (it publishes
                    // and stores nothing; the partition's next owner processes it again, its finished calls served
                    // from the response cache); the other records in flight go on
                    gateway.stopCalls();
                }
            }
            if (inFlight > 0) {
                LOG.infof("shutting down: waiting up to %s for %d record(s) in flight to finish", describe(limit), inFlight);
            }
            while (inFlight > 0) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    state = State.ABANDONED;
                    LOG.warnf("shutting down: %d record(s) still in flight after %s are abandoned; they are not acknowledged "
                            + "and will be processed again by the next owner of their partitions", inFlight, describe(limit));
                    return false;
                }
                idle.await(left, TimeUnit.NANOSECONDS);
            }
            LOG.debug("shutting down: no record in flight");
            return state != State.ABANDONED;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            state = State.ABANDONED;
            return false;
        } finally {
            lock.unlock();
        }
    }

    private static String describe(Duration duration) {
        return duration.toMillis() % 1000 == 0 ? duration.toSeconds() + "s" : duration.toMillis() + "ms";
    }
}
