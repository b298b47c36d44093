package dev.assay.cli;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;

/**
 * Follows a run until it is completed, showing its progress line; a failed run is an error, and so is an
 * interrupted one (its stack went away before it finished: nothing will finish it but a retry). It
 * listens to the run's events, so completion is seen when it is stored, and reads the run every
 * {@link #POLL} while no event comes.
 */
final class RunWatcher {

    static final Duration POLL = Duration.ofMillis(500);

    private RunWatcher() {
    }

    static void await(RunApi api, String runId, PrintWriter stdout, boolean terminal) {
        ProgressDisplay progress = new ProgressDisplay(stdout, terminal);
        Instant started = Instant.now();
        try (RunEventStream events = api.events(runId)) {
            JsonNode run = api.run(runId);
            while (true) {
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
                if (status.equals(InterruptedRun.STATUS)) {
                    progress.finish(line);
                    throw new IllegalStateException(InterruptedRun.hint(runId));
                }
                progress.show(line, now);
                // the next event as it is sent (completion included); a read every POLL while none
                // comes, which also covers a stream that ended or never opened
                run = events.next(POLL).orElseGet(() -> api.run(runId));
            }
        }
    }
}
