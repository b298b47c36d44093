package dev.assay.generation.service;

import dev.assay.generation.StageSighting;
import dev.assay.generation.repository.StageRecordRepository;
import jakarta.enterprise.context.ApplicationScoped;
import io.quarkus.narayana.jta.QuarkusTransaction;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** Records the records seen leaving a stage, then tells the runs' open event streams. */
@ApplicationScoped
public class StageSightings {

    private final StageRecordRepository stageRecords;
    private final RunEvents events;

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
}
