package dev.assay.generation.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;

/** Settings of the result store ({@code assay.store.*}). */
@ConfigMapping(prefix = "assay.store")
public interface StoreConfig {

    /**
     * Attempts to store one result that the database refuses (a constraint, bad data) before it goes
     * to the dead-letter topic. A database that is unavailable is not counted: the result waits for it.
     */
    @WithDefault("3")
    int attempts();

    /** Pause between two attempts, doubled each time up to {@link #maxRetryBackoff()}. */
    @WithDefault("500ms")
    Duration retryBackoff();

    /**
     * The longest pause between two attempts while the database is unavailable: how soon after it
     * returns the results waiting for it are stored.
     */
    @WithDefault("5s")
    Duration maxRetryBackoff();

    /**
     * Results the result store writes to the database at once; the others wait their turn on
     * virtual threads. Below the connection pool ({@code quarkus.datasource.jdbc.max-size}, 20 by
     * default) so that a busy store never waits out the pool's acquisition timeout (which looks
     * like an outage and costs seconds of backoff) and the API keeps connections for its reads.
     */
    @WithDefault("10")
    int concurrentWrites();

    /** The {@code Retry-After} of the API's 503 answers while the database is unavailable. */
    @WithDefault("10s")
    Duration unavailableRetryAfter();
}
