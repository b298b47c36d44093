package dev.assay.cli;

import dev.assay.common.json.Json;
import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

class ProgressLineTest {

    @Test
    void formatsBarCountsElapsedEtaAndTokens() {
        ProgressLine line = new ProgressLine(5, 20, 1, 15, Duration.ofSeconds(10), 12345L);
        assertThat(line.format())
                .isEqualTo("[#####---------------] 5/20 done, 1 failed, ~15 in flight, 0:10 elapsed, ETA 0:30, 12,345 tokens");
    }

    @Test
    void noEtaBeforeTheFirstResultNorTokensWhenNoneReported() {
        assertThat(new ProgressLine(0, 8, 0, 8, Duration.ofSeconds(3), null).format())
                .isEqualTo("[--------------------] 0/8 done, 0 failed, ~8 in flight, 0:03 elapsed");
    }

    @Test
    void longRunsShowHours() {
        assertThat(ProgressLine.clock(Duration.ofSeconds(3723))).isEqualTo("1:02:03");
    }

    @Test
    void readsTheRunSummary() throws Exception {
        var run = Json.mapper().readTree("""
                {"status":"running","counts":{"expected":8,"done":4,"pending":4,"failed":1},"usage":{"total_tokens":405}}""");
        assertThat(ProgressLine.of(run, Duration.ofSeconds(2)))
                .isEqualTo(new ProgressLine(4, 8, 1, 4, Duration.ofSeconds(2), 405L));
    }

    @Test
    void aTerminalRedrawsInPlaceAndAPipeGetsALineEveryFewSeconds() {
        ProgressLine line = new ProgressLine(1, 2, 0, 1, Duration.ofSeconds(1), null);
        StringWriter tty = new StringWriter();
        ProgressDisplay terminal = new ProgressDisplay(new PrintWriter(tty), true);
        terminal.show(line, Instant.EPOCH);
        terminal.show(line, Instant.EPOCH.plusMillis(500));
        assertThat(tty.toString()).startsWith("\r[").doesNotContain("\n");

        StringWriter pipe = new StringWriter();
        ProgressDisplay plain = new ProgressDisplay(new PrintWriter(pipe), false);
        plain.show(line, Instant.EPOCH);
        plain.show(line, Instant.EPOCH.plusSeconds(1));
        plain.show(line, Instant.EPOCH.plusSeconds(6));
        assertThat(pipe.toString().lines()).hasSize(2);
        assertThat(pipe.toString()).doesNotContain("\r");
    }
}
