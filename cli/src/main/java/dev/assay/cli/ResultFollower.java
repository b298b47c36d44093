package dev.assay.cli;

import com.fasterxml.jackson.databind.JsonNode;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.locks.LockSupport;

/**
 * Reads a run's results while it runs, from the run API's changed results (docs/api.md, "Following
 * the results"), so that once it is done only the last ones remain to read instead of all of them.
 * A result read again (updated by a redelivery, or read twice across rounds) replaces the copy
 * held. A failed read in the background is left for the next one; the final reads say whether the
 * results could be had this way at all, or must be read page by page.
 */
final class ResultFollower implements AutoCloseable {

    /**
     * Between two reads in the background. What is left to read once the run completes is what was
     * stored in the last interval (at 1 s, a 5,000-question run left 300–800 results, 0.3–1.4 s of the
     * tail); a read that finds nothing new is one indexed query.
     */
    static final Duration INTERVAL = Duration.ofMillis(250);

    private final RunApi background;
    private final String runId;
    private final Duration interval;
    private final Map<String, JsonNode> byId = new HashMap<>();
    private String cursor;
    private volatile boolean stopping;
    private final Thread thread;

    private ResultFollower(RunApi background, String runId, Duration interval) {
        this.background = background;
        this.runId = runId;
        this.interval = interval;
        this.thread = Thread.ofVirtual().name("assay-result-follower").start(this::follow);
    }

    /**
     * Starts following run {@code runId} in the background through {@code background}, which
     * should not wait out a 503 (a read that fails is simply made again later).
     */
    static ResultFollower start(RunApi background, String runId) {
        return start(background, runId, INTERVAL);
    }

    static ResultFollower start(RunApi background, String runId, Duration interval) {
        return new ResultFollower(background, runId, interval);
    }

    String runId() {
        return runId;
    }

    private void follow() {
        while (!stopping) {
            try {
                readChanges(background);
            } catch (RuntimeException e) {
                // the service is busy, restarting or gone: the next read, or the final one, catches up
            }
            LockSupport.parkNanos(interval.toNanos());
        }
    }

    /** Reads every change since the last round, a page after another, and keeps the results. */
    private synchronized void readChanges(RunApi api) {
        boolean more = true;
        while (more) {
            JsonNode answer = api.resultChanges(runId, cursor);
            if (!answer.path("cursor").isTextual()) {
                throw new IllegalStateException("GET /api/runs/" + runId + "/results/changes answered without a cursor");
            }
            answer.path("results").forEach(result -> byId.put(result.path("result_id").asText(), result));
            cursor = answer.path("cursor").asText();
            more = answer.path("more").asBoolean();
        }
    }

    /**
     * Stops following and reads through {@code api} what is left: every result stored now, in the
     * order they were first stored (that of the result pages). Empty when they cannot be had so
     * (a server without the endpoint, a failed read): the caller reads the pages.
     */
    Optional<List<JsonNode>> finish(RunApi api) {
        close();
        try {
            // What is left is read while the ids are (the service takes a while for either at the end of a large
            // run); the changes read after the ids then hold every result they name, as stored then or later.
            CompletableFuture<List<String>> ids = CompletableFuture.supplyAsync(() -> api.resultIds(runId),
                    runnable -> Thread.ofVirtual().name("assay-result-ids").start(runnable));
            readChanges(api);
            List<String> order = joined(ids);
            readChanges(api);
            List<JsonNode> results = new ArrayList<>(order.size());
            synchronized (this) {
                for (String id : order) {
                    JsonNode result = byId.get(id);
                    if (result == null) {
                        return Optional.empty(); // cannot be: the pages say what is stored
                    }
                    results.add(result);
                }
            }
            return Optional.of(results);
        } catch (RuntimeException e) {
            // an older server (no such endpoint), or one failing: the pages say which, or read what there is
            return Optional.empty();
        }
    }

    private static <T> T joined(CompletableFuture<T> read) {
        try {
            return read.join();
        } catch (CompletionException e) {
            throw e.getCause() instanceof RuntimeException failure ? failure : e;
        }
    }

    /** Stops the background reads (waiting for one under way); the results held stay. */
    @Override
    public void close() {
        stopping = true;
        LockSupport.unpark(thread);
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
