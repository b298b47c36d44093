package dev.assay.generation.service;

import dev.assay.generation.config.RunsConfig;
import dev.assay.generation.repository.RunRepository;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.jboss.logging.Logger;

/**
 * The local stack's runs that its last stack left unfinished are marked {@code interrupted} when the
 * service first starts on its data ({@link RunsConfig#interruptUnfinishedOnStart()}), so that they do
 * not show {@code running} for ever and say how to go on ({@code assay retry RUN}; docs/api.md, run status).
 */
@ApplicationScoped
public class UnfinishedRuns {

    private static final Logger LOG = Logger.getLogger(UnfinishedRuns.class);

    private final RunsConfig config;
    private final RunRepository runs;

    public UnfinishedRuns(RunsConfig config, RunRepository runs) {
        this.config = config;
        this.runs = runs;
    }

    /** Before the job outbox's first look (its observer has the default priority), which would take up their publishing. */
    void onStart(@Observes @Priority(10) StartupEvent event) {
        if (!config.interruptUnfinishedOnStart()) {
            return;
        }
        int marked = QuarkusTransaction.requiringNew().call(() -> runs.markUnfinishedInterrupted(RunService.now()));
        if (marked > 0) {
            LOG.infof("%d run(s) left queued or running by a stack that went away are marked interrupted; "
                    + "assay retry RUN goes on with one", marked);
        }
    }
}
