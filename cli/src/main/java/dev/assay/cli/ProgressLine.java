package dev.assay.cli;

import com.fasterxml.jackson.databind.JsonNode;

import java.time.Duration;

/**
 * One progress reading of a run, from {@code GET /api/runs/{id}}, and how it reads on one line:
 * {@code [#########-----------]  9/20 done, 1 failed, ~11 in flight, 0:12 elapsed, ETA 0:15, 1,234 tokens}.
 */
record ProgressLine(long done, long expected, long failed, long pending, Duration elapsed, Long tokens) {

    static final int BAR_WIDTH = 20;

    static ProgressLine of(JsonNode run, Duration elapsed) {
        JsonNode counts = run.path("counts");
        JsonNode tokens = run.path("usage").path("total_tokens");
        return new ProgressLine(counts.path("done").asLong(), counts.path("expected").asLong(), counts.path("failed").asLong(),
                counts.path("pending").asLong(), elapsed, tokens.isNumber() ? tokens.asLong() : null);
    }

    /** Remaining time at the rate so far; null before the first result (no rate yet) or once done. */
    Duration eta() {
        if (done <= 0 || done >= expected) {
            return null;
        }
        return Duration.ofMillis(elapsed.toMillis() * (expected - done) / done);
    }

    String format() {
        int filled = expected <= 0 ? 0 : (int) Math.min(BAR_WIDTH, BAR_WIDTH * done / expected);
        Duration eta = eta();
        return "[" + "#".repeat(filled) + "-".repeat(BAR_WIDTH - filled) + "] "
                + done + "/" + expected + " done, "
                + failed + " failed, "
                // pending = expected - stored results: jobs queued or being worked on, hence "about"
                + "~" + pending + " in flight, "
                + clock(elapsed) + " elapsed"
                + (eta == null ? "" : ", ETA " + clock(eta))
                + (tokens == null ? "" : String.format(java.util.Locale.ROOT, ", %,d tokens", tokens));
    }

    static String clock(Duration duration) {
        long seconds = duration.toSeconds();
        return seconds >= 3600
                ? String.format("%d:%02d:%02d", seconds / 3600, seconds / 60 % 60, seconds % 60)
                : String.format("%d:%02d", seconds / 60, seconds % 60);
    }
}
