package dev.assay.generation.service;

import dev.assay.common.json.Json;
import dev.assay.common.pipeline.VerificationResult;
import dev.assay.core.repository.GroupedCalls;
import dev.assay.generation.repository.ResultRepository;
import dev.assay.generation.repository.ResultRepository.StorableResult;
import dev.assay.generation.repository.RunRepository;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * Stores finished results: one row per {@code result_id}, whatever the number of deliveries, and
 * the run's progress with it. A result of a run never seen (its jobs went straight to Kafka)
 * registers that run; a result a run submitted here did not plan is refused ({@link RunPlans}).
 *
 * <p>Results stored at the same time share one transaction (a group commit, {@link GroupedCalls}: the
 * thread that gets to write takes every result waiting) and one statement, and each run's counter is
 * updated once per batch. One transaction per result serialised on the run's row, so a store of many
 * small results was a queue of commits. A batch the database refuses is written again one result per
 * transaction, so each result gets its own outcome (one bad result never fails the others).
 */
@ApplicationScoped
public class ResultStore {

    /**
     * A JSON escape of U+0000 not itself escaped (an even run of backslashes before it). PostgreSQL's
     * jsonb cannot hold U+0000, so one NUL a model put in an answer would make the whole result
     * unstorable; it is stored as U+FFFD, the replacement character, instead.
     */
    private static final Pattern NUL_ESCAPE = Pattern.compile("(?<!\\\\)((?:\\\\\\\\)*)\\\\u0000");
    /** The most results one transaction writes. */
    static final int MAX_BATCH = 256;
    /** Runs remembered as stored; past this many the memory starts again. */
    private static final int MAX_KNOWN_RUNS = 10_000;

    private final RunRepository runs;
    private final ResultRepository results;
    private final RunEvents events;
    private final RunPlans plans;
    private final GroupedCalls<StorableResult, Outcome> writes = new GroupedCalls<>(MAX_BATCH, this::writeBatch);
    /**
     * Runs whose row is known to exist (runs are never deleted): their results need no registering,
     * which was a statement per batch. Forgotten when a batch fails, in case a row went missing after all.
     */
    private final Set<String> knownRuns = ConcurrentHashMap.newKeySet();

    public ResultStore(RunRepository runs, ResultRepository results, RunEvents events, RunPlans plans) {
        this.runs = runs;
        this.results = results;
        this.events = events;
        this.plans = plans;
    }

    /**
     * Stores the result, or updates its row on a redelivery; returns whether it was new. A result its
     * run did not plan is refused ({@link ResultNotPlannedException}, {@link RunPlans}).
     */
    public boolean store(VerificationResult result) {
        plans.check(result);
        Outcome outcome = writes.call(new StorableResult(result, storable(Json.write(result))));
        if (outcome.failure() != null) {
            throw outcome.failure();
        }
        return outcome.inserted();
    }

    /** Writes a batch of results; one outcome each, in order. */
    private List<Outcome> writeBatch(List<StorableResult> batch) {
        Set<String> runIds = new HashSet<>();
        batch.forEach(one -> runIds.add(one.result().runId()));
        events.storeBegins(runIds);
        try {
            return writeAndTell(batch);
        } finally {
            events.storeEnded(runIds);
        }
    }

    private List<Outcome> writeAndTell(List<StorableResult> batch) {
        List<Outcome> outcomes;
        try {
            outcomes = inTransaction(batch).stream().map(fresh -> new Outcome(fresh, null)).toList();
        } catch (RuntimeException e) {
            knownRuns.clear();
            if (batch.size() == 1) {
                return List.of(new Outcome(false, e));
            }
            outcomes = batch.stream().map(this::alone).toList();
        }
        // after the commit, so listeners read counts that include these results
        for (int i = 0; i < batch.size(); i++) {
            if (outcomes.get(i).inserted()) {
                events.resultStored(batch.get(i).result());
            }
        }
        return outcomes;
    }

    /** One result of a batch the database refused, in a transaction of its own. */
    private Outcome alone(StorableResult one) {
        try {
            return new Outcome(inTransaction(List.of(one)).getFirst(), null);
        } catch (RuntimeException refused) {
            return new Outcome(false, refused);
        }
    }

    /** Writes the results in one transaction; returns whether each was new, in the batch's order. */
    private List<Boolean> inTransaction(List<StorableResult> batch) {
        Instant now = RunService.now();
        List<Boolean> fresh = QuarkusTransaction.requiringNew().call(() -> {
            // runs in a fixed order, so that instances writing the same runs at once take their rows' locks alike
            Map<String, Integer> newPerRun = new TreeMap<>();
            for (StorableResult one : batch) {
                newPerRun.putIfAbsent(one.result().runId(), 0);
            }
            newPerRun.keySet().stream().filter(runId -> !knownRuns.contains(runId)).forEach(runId -> runs.registerIfUnknown(runId, now));
            List<Boolean> isNew = upsert(batch, now).stream().map(deliveries -> deliveries == 1).toList();
            for (int i = 0; i < batch.size(); i++) {
                if (isNew.get(i)) {
                    newPerRun.merge(batch.get(i).result().runId(), 1, Integer::sum);
                }
            }
            newPerRun.forEach((runId, stored) -> {
                if (stored > 0) {
                    runs.countStoredResults(runId, stored, now);
                } else {
                    runs.touch(runId, now);
                }
            });
            return isNew;
        });
        // committed: these runs' rows exist, and runs are never deleted
        if (knownRuns.size() > MAX_KNOWN_RUNS) {
            knownRuns.clear();
        }
        batch.forEach(one -> knownRuns.add(one.result().runId()));
        return fresh;
    }

    /**
     * Upserts the batch; returns how often each of its results has now arrived, in the batch's order.
     * One statement for all, unless a result came twice in the batch: one statement may not update a
     * row twice, so such a batch is written one result after the other.
     */
    private List<Integer> upsert(List<StorableResult> batch, Instant now) {
        Set<String> ids = new HashSet<>();
        if (!batch.stream().allMatch(one -> ids.add(one.result().resultId()))) {
            return batch.stream().map(one -> results.upsertAll(List.of(one), now).get(one.result().resultId())).toList();
        }
        Map<String, Integer> deliveries = results.upsertAll(batch, now);
        return batch.stream().map(one -> deliveries.get(one.result().resultId())).toList();
    }

    /** The result's JSON with every U+0000 as U+FFFD (see {@link #NUL_ESCAPE}). */
    static String storable(String json) {
        return json.contains("\\u0000") ? NUL_ESCAPE.matcher(json).replaceAll("$1\\\\uFFFD") : json;
    }

    /** What storing one result came to: new to its run's count, or the failure to throw to its caller. */
    private record Outcome(boolean inserted, RuntimeException failure) {
    }
}
