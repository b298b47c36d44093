package dev.assay.generation.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;
import java.util.List;

/** Settings of the run API ({@code assay.api.*}). */
@ConfigMapping(prefix = "assay.api")
public interface ApiConfig {

    /**
     * Model interfaces some service of this deployment can run. A run naming another one is
     * rejected at submit, instead of producing nothing but error results.
     */
    @WithDefault("openai,anthropic,manual")
    List<String> interfaces();

    /** Page size of the list endpoints when the request gives none. */
    @WithDefault("50")
    int defaultPageSize();

    /** Largest page a client may ask for; results carry every prompt, so pages get heavy. */
    @WithDefault("500")
    int maxPageSize();

    /** How long a submit waits for the broker to acknowledge a job, when as many as {@link #publishBatchSize()} wait. */
    @WithDefault("30s")
    Duration publishTimeout();

    /** Jobs a submit keeps in flight to the broker, unacknowledged: each acknowledgement lets the next one go. */
    @WithDefault("128")
    int publishBatchSize();

    /**
     * How long the instance publishing a run's jobs after its 202 holds the run without renewing
     * its hold (it renews every third of this while it publishes). A run whose publisher stopped or
     * crashed is taken up by an instance once this ran out: at most this long after a restart.
     */
    @WithDefault("10s")
    Duration publishLease();

    /**
     * Jobs published between two records of how far publishing got: a restarted service publishes
     * again at most this many jobs the broker had already acknowledged (their results deduplicated).
     */
    @WithDefault("1000")
    int publishCheckpoint();

    /**
     * How often open event streams re-read their runs, to see results stored by other instances
     * of this service (each instance stores only the partitions it consumes).
     */
    @WithDefault("2s")
    Duration eventsPollInterval();

    /**
     * The least time between two reads of a run for its open event streams' progress: results stored
     * meanwhile go out together after one read. Each read counts the run's rows; the wait is the most
     * a progress or {@code completed} event is late.
     */
    @WithDefault("50ms")
    Duration eventsMinInterval();
}
