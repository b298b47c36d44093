package dev.assay.generation.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** Settings of the run registry ({@code assay.runs.*}). */
@ConfigMapping(prefix = "assay.runs")
public interface RunsConfig {

    /**
     * At start, mark every run still queued or running as {@code interrupted}. Only for the local stack,
     * which sets it on its service's first start: it is the only writer of its data, and its broker (with the
     * runs' jobs) went with the stack that ran them. A deployed service restarting must leave its runs alone,
     * since their jobs wait in the broker for it.
     */
    @WithDefault("false")
    boolean interruptUnfinishedOnStart();
}
