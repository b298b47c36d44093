package dev.assay.generation.service;

import dev.assay.common.pipeline.VerificationResult;
import dev.assay.generation.ResultBrief;
import dev.assay.generation.RunEvent;
import dev.assay.generation.RunProgress;
import dev.assay.generation.RunStages;
import dev.assay.generation.RunSummary;
import dev.assay.generation.config.ApiConfig;
import jakarta.annotation.PreDestroy;
import io.quarkus.runtime.ShutdownEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.jboss.logging.Logger;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Progress of runs for their open event streams: a snapshot on connect, a progress event for each
 * result this instance stores, and a {@code completed} event that ends the stream.
 *
 * <p>Results of one run may be stored by other instances (each consumes some partitions), so
 * open streams also re-read their runs every {@code assay.api.events-poll-interval} and send a
 * progress event when the counts changed. All events of one run are sent under one lock, with
 * summaries read after the change committed, so counts a client sees never go backwards.
 */
@ApplicationScoped
public class RunEvents {

    private static final Logger LOG = Logger.getLogger(RunEvents.class);

    private final RunProgresses runs;
    private final Map<String, Channel> channels = new ConcurrentHashMap<>();
    /** Runs with results being written now, and how many writes (see {@link #storeBegins}). */
    private final Map<String, AtomicInteger> storing = new ConcurrentHashMap<>();
    private final ScheduledExecutorService poller;
    /** The least time between two reads of a run for its stored results and stage moves, in nanoseconds. */
    private final long minInterval;
    /** Sends the progress of stored results, off the storing threads. */
    private final ExecutorService sender = Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("assay-run-events-", 1).factory());

    public RunEvents(RunProgresses runs, ApiConfig config) {
        this.runs = runs;
        this.minInterval = config.eventsMinInterval().toNanos();
        this.poller = Executors.newSingleThreadScheduledExecutor(Thread.ofPlatform().daemon().name("assay-run-events").factory());
        long interval = config.eventsPollInterval().toMillis();
        poller.scheduleWithFixedDelay(this::poll, interval, interval, TimeUnit.MILLISECONDS);
    }

    /**
     * Opens a stream: sends the run's snapshot now (and {@code completed} if it is done), then
     * progress as it comes. Throws {@link RunNotFoundException} before sending anything. With
     * {@code eachResult} false the stream gets one progress event per read of the run instead of one
     * per result stored, none naming a result: what a client showing counts needs, at a few events a
     * second however fast results come.
     */
    public void subscribe(String runId, RunEventListener listener, boolean eachResult) {
        Subscriber subscriber = new Subscriber(runId, listener, eachResult);
        Channel channel = channels.compute(runId, (id, existing) -> {
            Channel open = existing == null ? new Channel() : existing;
            open.subscribers.add(subscriber);
            return open;
        });
        channel.lock.lock();
        try {
            // Read under the run's lock: a result committed before this read is in the snapshot,
            // one committed after it is sent as progress once the lock is free.
            RunProgress progress = runs.of(runId);
            subscriber.ready = true;
            subscriber.send(RunEvent.snapshot(progress));
            subscriber.finishIfCompleted(progress);
        } catch (RuntimeException e) {
            subscriber.close();
            throw e;
        } finally {
            channel.lock.unlock();
            if (subscriber.closed) {
                remove(subscriber);
            }
        }
    }

    /**
     * Called once a new result is committed: one progress event to each open stream of its run.
     * Sent by one sender per run, not by the storing thread (storing never waits for a stream), and
     * at most one summary read (a count over the run's rows) every {@code assay.api.events-min-interval}:
     * the results stored meanwhile go out together after that read, each as its own event. A read per
     * result, or per group commit, took a tenth of the local service's CPU at 256 calls in flight.
     */
    public void resultStored(VerificationResult result) {
        Channel channel = channels.get(result.runId());
        if (channel == null) {
            return;
        }
        channel.stored.add(ResultBrief.of(result));
        due(result.runId(), channel);
    }

    /**
     * Called once records seen leaving a stage are committed: a progress event (without a result)
     * to the run's open streams whose counts moved, by the same sender and at the same pace.
     */
    public void stagesMoved(String runId) {
        Channel channel = channels.get(runId);
        if (channel == null) {
            return;
        }
        due(runId, channel);
    }

    /**
     * Called before results of these runs are written: until {@link #storeEnded} says the write is
     * over, no read ends a stream of these runs. A read between a result's commit and its
     * {@link #resultStored} would see the run completed without that result's event queued.
     */
    public void storeBegins(Set<String> runIds) {
        runIds.forEach(runId -> storing.computeIfAbsent(runId, id -> new AtomicInteger()).incrementAndGet());
    }

    /** The write announced by {@link #storeBegins} is over (its new results handed to {@link #resultStored}): the runs are read again. */
    public void storeEnded(Set<String> runIds) {
        for (String runId : runIds) {
            storing.computeIfPresent(runId, (id, count) -> count.decrementAndGet() == 0 ? null : count);
            Channel channel = channels.get(runId);
            if (channel != null) {
                due(runId, channel);
            }
        }
    }

    /** Asks the run's sender for a read; one already under way reads again after this one. */
    private void due(String runId, Channel channel) {
        channel.readDue.set(true);
        if (channel.sending.compareAndSet(false, true)) {
            sender.execute(() -> send(runId, channel));
        }
    }

    private void send(String runId, Channel channel) {
        do {
            long wait = channel.lastRead + minInterval - System.nanoTime();
            if (wait > 0) {
                try {
                    TimeUnit.NANOSECONDS.sleep(wait);
                } catch (InterruptedException e) {
                    // stopping: nothing more is sent
                    Thread.currentThread().interrupt();
                    return;
                }
            }
            channel.readDue.set(false);
            // the results stored before this point are sent by the publish's read (it takes the queue)
            publish(runId, channel);
            channel.sending.set(false);
            // a read asked for after the flag was cleared above found the sender busy: it is made here
        } while (channel.readDue.get() && channel.sending.compareAndSet(false, true));
    }

    /** Re-reads every run with open streams; sends progress where the counts moved without us. */
    void poll() {
        channels.forEach((runId, channel) -> {
            channel.subscribers.stream().filter(subscriber -> !subscriber.listener.isOpen()).forEach(Subscriber::close);
            cleanUp(channel);
            // a channel whose sender is on it reads the run shortly anyway
            if (!channel.subscribers.isEmpty() && !channel.sending.get()) {
                publish(runId, channel);
            }
        });
    }

    /**
     * Reads the run and sends to its streams: an event per result stored before the read (each
     * stream gets those whatever the counts), else one progress event to the streams whose counts
     * moved. Every path takes the stored results it finds, so no read that sees the run completed
     * ends a stream before a result it counted was sent.
     */
    private void publish(String runId, Channel channel) {
        channel.lock.lock();
        try {
            if (channel.subscribers.isEmpty()) {
                channel.stored.clear();
                return;
            }
            channel.lastRead = System.nanoTime();
            RunProgress progress = runs.of(runId);
            // In this order: a result this read counted is either still being written (then the read after
            // that write ends the streams) or was handed to resultStored before its write ended, so it is
            // in the queue taken after.
            boolean mayFinish = !storing.containsKey(runId);
            List<ResultBrief> briefs = new ArrayList<>();
            for (ResultBrief brief; (brief = channel.stored.poll()) != null; ) {
                briefs.add(brief);
            }
            List<RunEvent> counts = List.of(RunEvent.progress(progress, null));
            List<RunEvent> sent = briefs.isEmpty() ? counts
                    : briefs.stream().map(brief -> RunEvent.progress(progress, brief)).toList();
            for (Subscriber subscriber : channel.subscribers) {
                if (subscriber.ready && !subscriber.closed && (!briefs.isEmpty() || subscriber.changed(progress))) {
                    (subscriber.eachResult ? sent : counts).forEach(subscriber::send);
                    if (mayFinish) {
                        subscriber.finishIfCompleted(progress);
                    }
                }
            }
        } catch (RuntimeException e) {
            // events are a view: a failure here must never fail storing a result
            LOG.warnf(e, "run %s: progress event not sent", runId);
        } finally {
            channel.lock.unlock();
            cleanUp(channel);
        }
    }

    private void cleanUp(Channel channel) {
        List<Subscriber> closed = channel.subscribers.stream().filter(subscriber -> subscriber.closed).toList();
        closed.forEach(this::remove);
    }

    private void remove(Subscriber subscriber) {
        channels.computeIfPresent(subscriber.runId, (id, channel) -> {
            channel.subscribers.remove(subscriber);
            return channel.subscribers.isEmpty() ? null : channel;
        });
    }

    /** Open streams, for tests and metrics. */
    public int openStreams() {
        return channels.values().stream().mapToInt(channel -> channel.subscribers.size()).sum();
    }

    /** Before the database goes away at shutdown: no poll may run into a closed EntityManagerFactory. */
    void onShutdown(@Observes ShutdownEvent event) {
        stop();
    }

    @PreDestroy
    void stop() {
        poller.shutdownNow();
        sender.shutdownNow();
        channels.values().forEach(channel -> channel.subscribers.forEach(Subscriber::close));
        channels.clear();
    }

    /** The open streams of one run and the lock that orders their events. */
    private static final class Channel {
        final ReentrantLock lock = new ReentrantLock();
        final List<Subscriber> subscribers = new CopyOnWriteArrayList<>();
        /** Stored results whose progress events are not sent yet, and whether a sender is on them. */
        final Queue<ResultBrief> stored = new ConcurrentLinkedQueue<>();
        final AtomicBoolean sending = new AtomicBoolean();
        /** Whether a read is asked for (a result stored, records seen leaving a stage, a write ended) and not made yet. */
        final AtomicBoolean readDue = new AtomicBoolean();
        /** When the run was last read for these streams ({@link System#nanoTime()}), for the pace of the reads. */
        volatile long lastRead = System.nanoTime() - TimeUnit.DAYS.toNanos(1);
    }

    private static final class Subscriber {
        final String runId;
        final RunEventListener listener;
        /** An event per result stored, naming it; else one per read of the run. */
        final boolean eachResult;
        volatile boolean ready;
        volatile boolean closed;
        private RunSummary last;
        private RunStages lastStages;

        Subscriber(String runId, RunEventListener listener, boolean eachResult) {
            this.runId = runId;
            this.listener = listener;
            this.eachResult = eachResult;
        }

        boolean changed(RunProgress progress) {
            RunSummary summary = progress.run();
            return last == null || !Objects.equals(last.counts(), summary.counts()) || last.status() != summary.status()
                    || !Objects.equals(lastStages, progress.stages());
        }

        void send(RunEvent event) {
            if (closed) {
                return;
            }
            last = event.run();
            lastStages = event.stages();
            if (!listener.send(event)) {
                close();
            }
        }

        void finishIfCompleted(RunProgress progress) {
            if (progress.run().isCompleted() && !closed) {
                send(RunEvent.completed(progress));
                close();
            }
        }

        void close() {
            if (!closed) {
                closed = true;
                listener.close();
            }
        }
    }
}
