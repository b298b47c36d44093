package dev.assay.core.observability;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Throughput and latency of the stage consumers (docs/deploy.md, Observability):
 * {@code assay_stage_records_in_total}, {@code assay_stage_records_out_total},
 * {@code assay_stage_records_in_flight} and {@code assay_stage_processing_seconds}.
 */
@ApplicationScoped
public class StageMetrics {

    public static final String RECORDS_IN = "assay.stage.records.in";
    public static final String RECORDS_OUT = "assay.stage.records.out";
    public static final String IN_FLIGHT = "assay.stage.records.in.flight";
    public static final String PROCESSING = "assay.stage.processing";

    /** How a record left the stage. */
    public enum Outcome {
        /** published (or stored) carrying no failure */
        OK,
        /** published (or stored) carrying a failure the stage recorded */
        FAILED,
        /** sent to the dead-letter topic */
        DLQ;

        public String tag() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** Bucket bounds of the processing histogram: from a local check to several slow model calls. */
    static final Duration[] PROCESSING_BUCKETS = ModelCallMetrics.seconds(0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600);

    private final MeterRegistry registry;
    private final ConcurrentMap<String, AtomicInteger> inFlight = new ConcurrentHashMap<>();
    // Registered once per tag set: registering again finds the same meter, but only after building
    // its id and running the registry's filters, several times per record.
    private final ConcurrentMap<String, Counter> recordsIn = new ConcurrentHashMap<>();
    private final ConcurrentMap<List<String>, Counter> recordsOut = new ConcurrentHashMap<>();
    private final ConcurrentMap<List<String>, Timer> processing = new ConcurrentHashMap<>();

    @Inject
    public StageMetrics(MeterRegistry registry) {
        this.registry = registry;
    }

    /** A record was taken from the stage's input topic and its processing begins. */
    public void received(String stage) {
        recordsIn.computeIfAbsent(stage, key -> Counter.builder(RECORDS_IN)
                .description("Records taken from the stage's input topic")
                .tags("stage", stage)
                .register(registry)).increment();
        inFlight(stage).incrementAndGet();
    }

    /** A record left the stage: an output published (or a result stored), or an input dead-lettered. */
    public void out(String stage, Outcome outcome) {
        recordsOut.computeIfAbsent(List.of(stage, outcome.tag()), key -> Counter.builder(RECORDS_OUT)
                .description("Records that left the stage: outputs published (stored, for the store) with outcome ok or failed, "
                        + "inputs sent to the dead-letter topic with outcome dlq")
                .tags("stage", stage, "outcome", outcome.tag())
                .register(registry)).increment();
    }

    /**
     * The processing of one input record ended: {@code outcome} is {@code failed} when any of its
     * outputs carries a failure, {@code dlq} when it was dead-lettered; {@code null} when it was
     * abandoned at shutdown (not counted, only no longer in flight).
     */
    public void finished(String stage, Outcome outcome, Duration elapsed) {
        inFlight(stage).decrementAndGet();
        if (outcome == null) {
            return;
        }
        processing.computeIfAbsent(List.of(stage, outcome.tag()), key -> Timer.builder(PROCESSING)
                .description("Time from taking an input record to acknowledging or dead-lettering it")
                .tags("stage", stage, "outcome", outcome.tag())
                .serviceLevelObjectives(PROCESSING_BUCKETS)
                .register(registry)).record(elapsed);
    }

    private AtomicInteger inFlight(String stage) {
        return inFlight.computeIfAbsent(stage, key -> {
            AtomicInteger count = new AtomicInteger();
            Gauge.builder(IN_FLIGHT, count, AtomicInteger::get)
                    .description("Input records being processed right now")
                    .tags("stage", key)
                    .strongReference(true)
                    .register(registry);
            return count;
        });
    }
}
