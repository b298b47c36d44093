package dev.assay.generation.service;

import dev.assay.common.json.Json;
import dev.assay.common.pipeline.VerificationResult;
import dev.assay.generation.repository.ResultRepository;
import dev.assay.generation.repository.RunRepository;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;

/**
 * Stores finished results: one row per {@code result_id}, whatever the number of deliveries, and
 * the run's progress with it. A result of a run never seen (its jobs went straight to Kafka)
 * registers that run.
 */
@ApplicationScoped
public class ResultStore {

    private final RunRepository runs;
    private final ResultRepository results;
    private final RunEvents events;

    public ResultStore(RunRepository runs, ResultRepository results, RunEvents events) {
        this.runs = runs;
        this.results = results;
        this.events = events;
    }

    /** Stores the result, or updates its row on a redelivery; returns whether it was new. */
    public boolean store(VerificationResult result) {
        String json = Json.write(result);
        Instant now = RunService.now();
        boolean inserted = QuarkusTransaction.requiringNew().call(() -> {
            runs.registerIfUnknown(result.runId(), now);
            boolean isNew = results.upsert(result, json, now) == 1;
            if (isNew) {
                runs.countStoredResult(result.runId(), now);
            } else {
                runs.touch(result.runId(), now);
            }
            return isNew;
        });
        if (inserted) {
            // after the commit, so listeners read counts that include this result
            events.resultStored(result);
        }
        return inserted;
    }
}
