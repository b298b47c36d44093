package dev.assay.core.observability;

import dev.assay.core.observability.StageMetrics.Outcome;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

class StageMetricsTest {

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final StageMetrics metrics = new StageMetrics(registry);

    @Test
    void recordsInOutAndInFlightPerStage() {
        metrics.received("parsing");
        metrics.received("parsing");
        assertThat(registry.get(StageMetrics.IN_FLIGHT).tag("stage", "parsing").gauge().value()).isEqualTo(2.0);

        metrics.out("parsing", Outcome.OK);
        metrics.out("parsing", Outcome.FAILED);
        metrics.finished("parsing", Outcome.FAILED, Duration.ofMillis(300));
        metrics.out("parsing", Outcome.DLQ);
        metrics.finished("parsing", Outcome.DLQ, Duration.ofMillis(2));

        assertThat(registry.get(StageMetrics.RECORDS_IN).tag("stage", "parsing").counter().count()).isEqualTo(2);
        for (String outcome : new String[]{"ok", "failed", "dlq"}) {
            assertThat(registry.get(StageMetrics.RECORDS_OUT).tag("stage", "parsing").tag("outcome", outcome).counter().count())
                    .as(outcome).isEqualTo(1);
        }
        assertThat(registry.get(StageMetrics.IN_FLIGHT).tag("stage", "parsing").gauge().value()).isZero();
    }

    @Test
    void processingTimeGoesIntoHistogramBucketsByOutcome() {
        metrics.received("rubric");
        metrics.finished("rubric", Outcome.OK, Duration.ofMillis(700));

        Timer timer = registry.get(StageMetrics.PROCESSING).tag("stage", "rubric").tag("outcome", "ok").timer();
        assertThat(timer.count()).isEqualTo(1);
        var buckets = timer.takeSnapshot().histogramCounts();
        assertThat(buckets).hasSize(StageMetrics.PROCESSING_BUCKETS.length);
        // cumulative: 0.7 s is counted in the 1 s bucket and above, not in 0.5 s
        assertThat(buckets).filteredOn(b -> b.bucket(java.util.concurrent.TimeUnit.SECONDS) == 0.5).singleElement()
                .satisfies(b -> assertThat(b.count()).isZero());
        assertThat(buckets).filteredOn(b -> b.bucket(java.util.concurrent.TimeUnit.SECONDS) == 1.0).singleElement()
                .satisfies(b -> assertThat(b.count()).isEqualTo(1));
    }

    @Test
    void anAbandonedRecordLeavesTheInFlightCountButIsNotTimed() {
        metrics.received("generation");
        metrics.finished("generation", null, Duration.ofSeconds(40));

        assertThat(registry.get(StageMetrics.IN_FLIGHT).tag("stage", "generation").gauge().value()).isZero();
        assertThat(registry.find(StageMetrics.PROCESSING).timers()).isEmpty();
    }
}
