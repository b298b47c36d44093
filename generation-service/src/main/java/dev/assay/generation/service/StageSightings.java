package dev.assay.generation.service;

import dev.assay.generation.StageSighting;
import dev.assay.generation.repository.StageRecordRepository;
import jakarta.enterprise.context.ApplicationScoped;
import io.quarkus.narayana.jta.QuarkusTransaction;

import org.jboss.logging.Logger;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.ReentrantLock;

/** Records the records seen leaving a stage, then tells the runs' open event streams. */
@ApplicationScoped
public class StageSightings {

    private static final Logger LOG = Logger.getLogger(StageSightings.class);
    /** At most this many sightings in one statement. */
    private static final int MAX_BATCH = 512;

    private final StageRecordRepository stageRecords;
    private final RunEvents events;
    private final Queue<StageSighting> waiting = new ConcurrentLinkedQueue<>();
    private final ReentrantLock writing = new ReentrantLock();

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
     * Records {@code sighting} with those of other threads: the thread that finds no write under way writes
     * every sighting waiting, in batches, while the others go on at once (a group write, as the progress
     * consumers' batches). The progress is a view: a batch the database refuses is logged and skipped,
     * never failing the caller.
     */
    public void recordSoon(StageSighting sighting) {
        waiting.add(sighting);
        // unlock before looking again: a sighting added while this thread wrote, by a thread that could not
        // take the lock, is then seen here, so none is left waiting with nobody to write it
        while (!waiting.isEmpty() && writing.tryLock()) {
            try {
                List<StageSighting> batch = new ArrayList<>();
                for (StageSighting next; batch.size() < MAX_BATCH && (next = waiting.poll()) != null; ) {
                    batch.add(next);
                }
                record(batch);
            } catch (RuntimeException e) {
                LOG.warnf("stage progress: sightings not recorded (%s); the runs' stage counts stay behind", e.getMessage());
            } finally {
                writing.unlock();
            }
        }
    }
}
