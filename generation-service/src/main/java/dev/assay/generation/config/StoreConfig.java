package dev.assay.generation.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;

/** Settings of the result store ({@code assay.store.*}). */
@ConfigMapping(prefix = "assay.store")
public interface StoreConfig {

    /** Attempts to store one result before it goes to the dead-letter topic (a database hiccup should not). */
    @WithDefault("3")
    int attempts();

    /** Pause between two attempts, doubled each time. */
    @WithDefault("500ms")
    Duration retryBackoff();
}
