package dev.assay.generation.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;
import java.util.Optional;

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
     * No longer used: the store writes the results waiting at once in one transaction, one transaction
     * at a time ({@code ResultStore}), so it holds one connection whatever the number of results in
     * flight. It used to bound the results written at once, which then also bounded each transaction
     * to that many (10) and held a busy store to a few hundred results a second. Accepted so that
     * settings naming it still start; when set, the service logs that it is ignored.
     */
    @Deprecated
    Optional<Integer> concurrentWrites();

    /** The {@code Retry-After} of the API's 503 answers while the database is unavailable. */
    @WithDefault("10s")
    Duration unavailableRetryAfter();
}
