package dev.assay.generation.service;

import dev.assay.common.pipeline.VerificationJob;
import dev.assay.common.spec.RunPlanner;
import dev.assay.common.spec.ValidRun;
import dev.assay.generation.config.ApiConfig;
import dev.assay.generation.repository.RunEntity;
import dev.assay.generation.repository.RunRepository;
import io.opentelemetry.context.Context;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.jboss.logging.Logger;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Publishes a submitted run's jobs after the submit has answered 202. The run's row, committed
 * with its spec before the 202, is the outbox: the jobs are the spec's plan (deterministic ids, in
 * plan order), and {@code jobs_published} records every {@link ApiConfig#publishCheckpoint()} jobs
 * how many of the plan's first jobs the broker acknowledged. A run whose publisher stopped or
 * crashed is taken up, once its lease ran out, by whichever instance claims it first (this one
 * after a restart), from its last record: nothing accepted is lost, and a job published twice
 * yields results with the same ids, which the store counts once.
 */
@ApplicationScoped
public class JobOutbox {

    private static final Logger LOG = Logger.getLogger(JobOutbox.class);
    /** Runs taken up per look: more are taken up at the next look, a third of the lease later. */
    private static final int CLAIMS_PER_LOOK = 8;

    private final RunRepository runs;
    private final RunValidator validator;
    private final JobPublisher publisher;
    private final ApiConfig config;
    /** The runs this instance is publishing now, each done when its publishing ends. */
    private final Map<String, CompletableFuture<Void>> publishing = new ConcurrentHashMap<>();
    private final ExecutorService workers = Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("job-outbox-", 0).factory());
    private final ScheduledExecutorService looks = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().daemon().name("job-outbox-looks").factory());
    private volatile boolean stopping;

    public JobOutbox(RunRepository runs, RunValidator validator, JobPublisher publisher, ApiConfig config) {
        this.runs = runs;
        this.validator = validator;
        this.publisher = publisher;
        this.config = config;
    }

    void start(@Observes StartupEvent event) {
        long every = Math.max(1, config.publishLease().toMillis() / 3);
        looks.scheduleWithFixedDelay(this::look, 0, every, TimeUnit.MILLISECONDS);
    }

    void stop(@Observes ShutdownEvent event) {
        // Publishing stops where it is; the lease runs out and the next start goes on from the last record.
        stopping = true;
        looks.shutdownNow();
        workers.shutdownNow();
    }

    /** Until when a run taken or held now is held. */
    Instant leaseFrom(Instant now) {
        return now.plus(config.publishLease());
    }

    /** Publishes the jobs of a run whose row (jobs_published 0, held by this instance) has just been committed. */
    public void publish(String runId, List<VerificationJob> jobs) {
        begin(runId, jobs, 0);
    }

    private void begin(String runId, List<VerificationJob> jobs, int from) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        if (publishing.putIfAbsent(runId, done) != null) {
            return;
        }
        // the submitting request's trace context, so each job's trace still links to the request
        Runnable task = Context.current().wrap(() -> {
            try {
                publishFrom(runId, jobs, from);
            } finally {
                publishing.remove(runId);
                done.complete(null);
            }
        });
        try {
            workers.execute(task);
        } catch (RuntimeException e) { // stopping: the next start takes the run up
            publishing.remove(runId);
            done.complete(null);
        }
    }

    /**
     * Waits (at most the publish timeout) while this instance publishes the run's jobs: a retry or an
     * extension right after the submit plans once they are all out instead of being refused.
     */
    public void awaitPublished(String runId) {
        CompletableFuture<Void> done = publishing.get(runId);
        if (done == null) {
            return;
        }
        try {
            done.get(config.publishTimeout().toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            // still publishing: the caller refuses the request
        }
    }

    private void publishFrom(String runId, List<VerificationJob> jobs, int from) {
        int step = Math.max(1, config.publishCheckpoint());
        for (int start = from; start < jobs.size(); start += step) {
            int end = Math.min(jobs.size(), start + step);
            try {
                publisher.publish(jobs.subList(start, end));
            } catch (RuntimeException e) {
                if (stopping || Thread.currentThread().isInterrupted()) {
                    LOG.infof("run %s: publishing stopped at job %d of %d; the next start goes on from there", runId, start, jobs.size());
                    return;
                }
                LOG.errorf(e, "run %s: publishing jobs %d to %d of %d failed", runId, start + 1, end, jobs.size());
                failed(runId, "jobs could not be published: " + e.getMessage());
                return;
            }
            try {
                QuarkusTransaction.requiringNew().run(() -> runs.notePublished(runId, end));
            } catch (RuntimeException e) {
                // the database is out: the lease runs out and publishing goes on from the last record once it is back
                LOG.warnf("run %s: could not record %d jobs published (%s); publishing goes on later", runId, end, e.getMessage());
                return;
            }
        }
        LOG.infof("run %s: %d jobs published", runId, jobs.size());
    }

    private void failed(String runId, String reason) {
        try {
            QuarkusTransaction.requiringNew().run(() -> runs.markFailed(runId, reason, RunService.now()));
        } catch (RuntimeException e) {
            LOG.errorf("run %s: could not be marked failed (%s): %s", runId, e.getMessage(), reason);
        }
    }

    /** Renews this instance's hold on the runs it publishes, and takes up runs nobody holds any more. */
    void look() {
        try {
            Instant now = RunService.now();
            Instant until = leaseFrom(now);
            if (!publishing.isEmpty()) {
                QuarkusTransaction.requiringNew().run(() -> runs.holdPublishing(Set.copyOf(publishing.keySet()), until));
            }
            List<String> claimed = QuarkusTransaction.requiringNew().call(() -> runs.claimUnpublished(now, until, CLAIMS_PER_LOOK));
            for (String runId : claimed) {
                if (!publishing.containsKey(runId)) {
                    resume(runId);
                }
            }
        } catch (RuntimeException e) {
            if (!stopping) {
                LOG.warnf("looking for runs whose jobs are not all published failed (%s); looking again later", e.getMessage());
            }
        }
    }

    private void resume(String runId) {
        // the spec is read when first used (RunEntity): within the transaction
        Unpublished run = QuarkusTransaction.requiringNew().call(() -> {
            RunEntity found = runs.findById(runId);
            return found == null ? null : new Unpublished(found.spec, found.jobsPublished, found.createdAt);
        });
        if (run == null || run.spec() == null || run.jobsPublished() == null) {
            return;
        }
        ValidRun valid;
        try {
            valid = validator.validate(RunRequeue.tree(run.spec()));
        } catch (InvalidRequestException e) {
            failed(runId, "jobs could not be published: the stored run is no longer valid here: " + String.join("; ", e.errors()));
            return;
        }
        // planned as at the submit: the same jobs in the same order, so the record counts the same jobs
        List<VerificationJob> jobs = RunPlanner.plan(runId, valid, run.createdAt());
        LOG.infof("run %s: publishing its jobs again from job %d of %d", runId, run.jobsPublished() + 1, jobs.size());
        begin(runId, jobs, run.jobsPublished());
    }

    /** What resuming a run's publishing reads of it. */
    private record Unpublished(String spec, Integer jobsPublished, Instant createdAt) {
    }
}
