package dev.assay.cli;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;

/** Follows a run until it is completed, showing its progress line; a failed run is an error. */
final class RunWatcher {

    static final Duration POLL = Duration.ofMillis(500);

    private RunWatcher() {
    }

    static void await(RunApi api, String runId, PrintWriter stdout, boolean terminal) {
        ProgressDisplay progress = new ProgressDisplay(stdout, terminal);
        Instant started = Instant.now();
        while (true) {
            JsonNode run = api.run(runId);
            Instant now = Instant.now();
            ProgressLine line = ProgressLine.of(run, Duration.between(started, now));
            String status = run.path("status").asText();
            if (status.equals("completed")) {
                progress.finish(line);
                return;
            }
            if (status.equals("failed")) {
                progress.finish(line);
                throw new IllegalStateException("run " + runId + " failed: " + run.path("error").asText());
            }
            progress.show(line, now);
            try {
                Thread.sleep(POLL);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for run " + runId, e);
            }
        }
    }
}
