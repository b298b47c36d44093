package dev.assay.generation.service;

import dev.assay.generation.StageSighting;
import dev.assay.generation.repository.StageRecordRepository;
import jakarta.enterprise.context.ApplicationScoped;
import io.quarkus.narayana.jta.QuarkusTransaction;

import org.jboss.logging.Logger;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;

/** Records the records seen leaving a stage, then tells the runs' open event streams. */
@ApplicationScoped
public class StageSightings {

    private static final Logger LOG = Logger.getLogger(StageSightings.class);
    /** At most this many sightings in one statement. */
    private static final int MAX_BATCH = 512;

    private final StageRecordRepository stageRecords;
    private final RunEvents events;
    private final Queue<Waiting> waiting = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean flushScheduled = new AtomicBoolean();
    /** How long a sighting waits for others to share its statement. */
    private static final Duration WINDOW = Duration.ofMillis(50);

    public StageSightings(StageRecordRepository stageRecords, RunEvents events) {
        this.stageRecords = stageRecords;
        this.events = events;
    }

    public void record(List<StageSighting> sightings) {
        if (sightings.isEmpty()) {
            return;
        }
        // committed before the streams read it
        QuarkusTransaction.joiningExisting().run(() -> stageRecords.record(sightings));
        Set<String> runIds = new LinkedHashSet<>();
        sightings.forEach(sighting -> runIds.add(sighting.runId()));
        runIds.forEach(events::stagesMoved);
    }

    /**
     * Records {@code sighting} within {@link #WINDOW}, in one statement with the others that came meanwhile
     * (a stage in this process records each record it passes on, as the progress consumers record each
     * batch they fetch; one statement and one progress read per record cost as much as storing the
     * results). The caller goes on at once; the returned stage completes once the sighting is committed,
     * or was given up: the progress is a view, so a batch the database refuses is logged and skipped, never
     * failing the caller. Sightings still waiting when the process stops are not recorded.
     */
    public CompletableFuture<Void> recordSoon(StageSighting sighting) {
        Waiting entry = new Waiting(sighting, new CompletableFuture<>());
        waiting.add(entry);
        if (flushScheduled.compareAndSet(false, true)) {
            Thread.ofVirtual().name("stage-sightings").start(this::flushAfterWindow);
        }
        return entry.recorded();
    }

    private void flushAfterWindow() {
        try {
            Thread.sleep(WINDOW);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        // cleared before draining: a sighting added from here on is drained below or schedules the next flush
        flushScheduled.set(false);
        while (!waiting.isEmpty()) {
            List<Waiting> batch = new ArrayList<>();
            for (Waiting next; batch.size() < MAX_BATCH && (next = waiting.poll()) != null; ) {
                batch.add(next);
            }
            try {
                record(batch.stream().map(Waiting::sighting).toList());
            } catch (RuntimeException e) {
                LOG.warnf("stage progress: %d sightings not recorded (%s); the runs' stage counts stay behind", batch.size(), e.getMessage());
            } finally {
                batch.forEach(entry -> entry.recorded().complete(null));
            }
        }
    }

    private record Waiting(StageSighting sighting, CompletableFuture<Void> recorded) {
    }
}
