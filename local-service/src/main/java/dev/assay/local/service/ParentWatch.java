package dev.assay.local.service;

import dev.assay.local.config.ParentWatchConfig;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.jboss.logging.Logger;

import java.io.IOException;
import java.io.InputStream;

/**
 * Ends this service when the CLI that started it is gone, however it went (docs/cli.md, "Interrupting a
 * run"). The CLI holds the write end of this process's standard input: the kernel closes it when the
 * CLI's process ends, a {@code kill -9} included, and a read here then sees the end of the stream. A
 * shutdown hook in the CLI cannot do this (SIGKILL runs none), and an orphaned service would go on
 * calling the models with nobody to read its results. The service halts rather than shutting down
 * gracefully: the broker it reads from lived in the CLI's JVM, and PostgreSQL stops with it too.
 */
@ApplicationScoped
public class ParentWatch {

    private static final Logger LOG = Logger.getLogger(ParentWatch.class);
    /** The exit status when the parent is gone (nobody reads it; it tells the log's reader why). */
    static final int PARENT_GONE = 3;

    private final ParentWatchConfig config;

    public ParentWatch(ParentWatchConfig config) {
        this.config = config;
    }

    void onStart(@Observes StartupEvent event) {
        if (!config.enabled()) {
            return;
        }
        Thread.ofPlatform().daemon().name("assay-parent-watch").start(() -> watch(System.in));
    }

    /** Blocks until {@code input} ends (or cannot be read), then halts the JVM. */
    static void watch(InputStream input) {
        try {
            while (input.read() >= 0) {
                // the parent writes nothing; anything it did write is no instruction
            }
        } catch (IOException e) {
            // a broken pipe: the parent is gone all the same
        }
        LOG.warn("the process that started this service is gone (its pipe to standard input closed): stopping at once");
        Runtime.getRuntime().halt(PARENT_GONE);
    }
}
