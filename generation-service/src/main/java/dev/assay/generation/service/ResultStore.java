package dev.assay.generation.service;

import dev.assay.common.json.Json;
import dev.assay.common.pipeline.VerificationResult;
import dev.assay.generation.repository.ResultRepository;
import dev.assay.generation.repository.RunRepository;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;
import java.util.regex.Pattern;

/**
 * Stores finished results: one row per {@code result_id}, whatever the number of deliveries, and
 * the run's progress with it. A result of a run never seen (its jobs went straight to Kafka)
 * registers that run.
 */
@ApplicationScoped
public class ResultStore {

    /**
     * A JSON escape of U+0000 not itself escaped (an even run of backslashes before it). PostgreSQL's
     * jsonb cannot hold U+0000, so one NUL a model put in an answer would make the whole result
     * unstorable; it is stored as U+FFFD, the replacement character, instead.
     */
    private static final Pattern NUL_ESCAPE = Pattern.compile("(?<!\\\\)((?:\\\\\\\\)*)\\\\u0000");

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
        String json = storable(Json.write(result));
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

    /** The result's JSON with every U+0000 as U+FFFD (see {@link #NUL_ESCAPE}). */
    static String storable(String json) {
        return json.contains("\\u0000") ? NUL_ESCAPE.matcher(json).replaceAll("$1\\\\uFFFD") : json;
    }
}
