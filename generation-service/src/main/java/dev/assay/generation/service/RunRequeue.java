package dev.assay.generation.service;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.assay.common.json.Json;
import dev.assay.common.pipeline.ResultStatus;
import dev.assay.common.pipeline.VerificationJob;
import dev.assay.common.run.CacheMode;
import dev.assay.common.run.ModelConfig;
import dev.assay.common.spec.RunPlanner;
import dev.assay.common.spec.ValidRun;
import dev.assay.common.text.Suggestions;
import dev.assay.common.validation.LocatedTree;
import dev.assay.generation.RunRequeued;
import dev.assay.generation.RunStatus;
import dev.assay.generation.repository.ResultRepository;
import dev.assay.generation.repository.RunEntity;
import dev.assay.generation.repository.RunRepository;
import dev.assay.generation.repository.StageRecordRepository;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Queues more jobs into a run that exists: a <b>retry</b> (also how an interrupted run is resumed)
 * queues the jobs whose results errored or are missing; an <b>extension</b> adds answering models,
 * judges or replicates to the run's config and queues only what they add. The run's jobs are planned
 * again from the benchmark and config stored with it, so the same job gets the same ids and its
 * result replaces the row it had (docs/api.md).
 *
 * <p>Planning holds the run's requeue lock (a PostgreSQL advisory lock, so it holds across
 * generation-service replicas) from reading the stored spec to writing the new one: two extensions
 * at once each see the other's models instead of the later one overwriting the earlier's.
 */
@ApplicationScoped
public class RunRequeue {

    private static final Logger LOG = Logger.getLogger(RunRequeue.class);

    static final String ANSWERING_MODELS = "answering_models";
    static final String JUDGES = "judges";
    static final String REPLICATES = "replicates";
    private static final List<String> EXTENSION_FIELDS = List.of(ANSWERING_MODELS, JUDGES, REPLICATES);

    private final RunValidator validator;
    private final RunRepository runs;
    private final ResultRepository results;
    private final JobPublisher publisher;
    private final StageRecordRepository stageRecords;
    private final JobOutbox outbox;

    public RunRequeue(RunValidator validator, RunRepository runs, ResultRepository results, JobPublisher publisher,
                      StageRecordRepository stageRecords, JobOutbox outbox) {
        this.validator = validator;
        this.runs = runs;
        this.results = results;
        this.publisher = publisher;
        this.stageRecords = stageRecords;
        this.outbox = outbox;
    }

    /**
     * Queues again, into the same run, every job with a result that errored or is missing, for
     * those judges only. Errored results stay readable until their new result replaces them, but
     * count as pending; the run is running until every expected result is stored again.
     */
    public RunRequeued retry(String runId) {
        return retry(runId, null);
    }

    /** Like {@link #retry(String)}, the queued jobs using the response cache as {@code cache} says (null: as the run's config does). */
    public RunRequeued retry(String runId, CacheMode cache) {
        outbox.awaitPublished(runId);
        Planned planned = QuarkusTransaction.requiringNew().call(() -> {
            runs.lockForRequeue(runId);
            RunEntity run = find(runId);
            ValidRun valid = revalidate(run);
            Instant now = RunService.now();
            List<VerificationJob> jobs = RunPlanner.plan(runId, withCache(valid, cache), now);
            Map<String, String> stored = results.countedStatuses(runId);
            Queue queue = Queue.of(jobs, resultId -> {
                String status = stored.get(resultId);
                return status == null || ResultStatus.ERROR.wireName().equals(status);
            });
            if (!queue.jobs().isEmpty()) {
                int uncounted = results.awaitRetry(runId);
                runs.reopen(runId, uncounted, jobs.size(), jobs.size() * valid.config().judges().size(),
                        valid.config().effectiveReplicates(), run.spec, now);
                forgetStages(runId, queue);
            }
            return new Planned(valid, jobs, queue);
        });
        return publish(runId, planned, "retry");
    }

    /**
     * Adds the answering models, judges and replicates of {@code additions} to the run's config,
     * checks the result as a new submission would be checked, and queues only the jobs (and judges
     * of existing jobs) the run did not have. The run's other results stay as they are.
     */
    public RunRequeued extend(String runId, LocatedTree additions) {
        return extend(runId, additions, null);
    }

    /**
     * Like {@link #extend(String, LocatedTree)}, the new jobs using the response cache as {@code cache} says
     * (null: as the run's config does); the run's stored config keeps its own mode.
     */
    public RunRequeued extend(String runId, LocatedTree additions, CacheMode cache) {
        outbox.awaitPublished(runId);
        Planned planned = QuarkusTransaction.requiringNew().call(() -> {
            runs.lockForRequeue(runId);
            RunEntity run = find(runId);
            ValidRun before = revalidate(run);
            ObjectNode merged = merged(run, before, additions.root());
            ValidRun after = validator.validate(tree(Json.write(merged)));
            Instant now = RunService.now();
            Set<String> had = new HashSet<>();
            RunPlanner.plan(runId, before, now).forEach(job -> job.judges().forEach(judge -> had.add(job.resultId(judge))));
            List<VerificationJob> jobs = RunPlanner.plan(runId, withCache(after, cache), now);
            Queue queue = Queue.of(jobs, resultId -> !had.contains(resultId));
            if (queue.jobs().isEmpty()) {
                throw new InvalidRequestException("extend: the run already has every answering model, judge and replicate given; "
                        + "nothing to queue");
            }
            String spec = Json.write(Map.of("benchmark", after.benchmark(), "config", after.config()));
            runs.reopen(runId, 0, jobs.size(), jobs.size() * after.config().judges().size(), after.config().effectiveReplicates(),
                    spec, now);
            forgetStages(runId, queue);
            return new Planned(after, jobs, queue);
        });
        return publish(runId, planned, "extension");
    }

    /** {@code --no-cache} and the like reach the jobs only, never the stored config (docs/cache.md). */
    private static ValidRun withCache(ValidRun valid, CacheMode cache) {
        return cache == null ? valid : valid.withCache(cache);
    }

    /** The queued jobs are answered and parsed again: their stage progress starts over (docs/api.md, events). */
    private void forgetStages(String runId, Queue queue) {
        List<String> jobIds = new ArrayList<>();
        List<String> resultIds = new ArrayList<>();
        for (VerificationJob job : queue.jobs()) {
            jobIds.add(job.jobId());
            job.judges().forEach(judge -> resultIds.add(job.resultId(judge)));
        }
        stageRecords.forget(runId, jobIds, resultIds);
    }

    /** What a retry or an extension planned under the run's lock, to publish after it. */
    private record Planned(ValidRun valid, List<VerificationJob> jobs, Queue queue) {
    }

    private RunRequeued publish(String runId, Planned plan, String what) {
        ValidRun valid = plan.valid();
        List<VerificationJob> planned = plan.jobs();
        Queue queue = plan.queue();
        if (!queue.jobs().isEmpty()) {
            try {
                publisher.publish(queue.jobs());
            } catch (RuntimeException e) {
                LOG.errorf(e, "run %s: publishing the %s's %d jobs failed", runId, what, queue.jobs().size());
                QuarkusTransaction.requiringNew().run(() -> runs.markFailed(runId,
                        "jobs of a " + what + " could not be published: " + e.getMessage(), RunService.now()));
                throw new PublishFailedException(runId, e);
            }
        }
        LOG.infof("run %s: %s queued %d jobs, %d results", runId, what, queue.jobs().size(), queue.results());
        RunEntity run = QuarkusTransaction.requiringNew().call(() -> find(runId));
        return new RunRequeued(runId, RunStatus.fromWire(run.status), queue.jobs().size(), queue.results(),
                valid.config().answeringModels().stream().map(ModelConfig::canonicalKey).toList(),
                valid.config().judges().stream().map(ModelConfig::canonicalKey).toList(),
                valid.config().effectiveReplicates(), planned.size(), planned.size() * valid.config().judges().size());
    }

    private RunEntity find(String runId) {
        RunEntity run = runs.findById(runId);
        if (run == null) {
            throw new RunNotFoundException(runId);
        }
        if (run.spec == null) {
            throw new RunNotReplannableException(runId);
        }
        if (run.jobsPublished != null && run.jobs != null && run.jobsPublished < run.jobs && !RunStatus.FAILED.wireName().equals(run.status)
                && !RunStatus.INTERRUPTED.wireName().equals(run.status)) {
            throw new RunStillPublishingException(runId, run.jobsPublished, run.jobs);
        }
        return run;
    }

    /** The run's stored benchmark and config, checked again (the interfaces this deployment serves may have changed). */
    private ValidRun revalidate(RunEntity run) {
        return validator.validate(tree(run.spec));
    }

    /** A stored spec (or one merged from it) as a tree to validate: JSON the service wrote itself. */
    static LocatedTree tree(String json) {
        try {
            return LocatedTree.parse(Json.mapper(), json);
        } catch (IOException e) {
            throw new IllegalStateException("a run's stored spec is not JSON: " + e.getMessage(), e);
        }
    }

    /** The run's spec with the additions in its config; every problem with the additions themselves is refused here. */
    private static ObjectNode merged(RunEntity run, ValidRun before, JsonNode additions) {
        if (additions == null || !additions.isObject()) {
            throw new InvalidRequestException("body: expected a mapping with any of " + String.join(", ", EXTENSION_FIELDS));
        }
        List<String> errors = new ArrayList<>();
        for (Iterator<String> names = additions.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!EXTENSION_FIELDS.contains(name)) {
                errors.add("body: unknown field \"" + name + "\"" + Suggestions.didYouMean(name, EXTENSION_FIELDS)
                        + "; an extension adds " + String.join(", ", EXTENSION_FIELDS));
            }
        }
        for (String list : List.of(ANSWERING_MODELS, JUDGES)) {
            if (additions.has(list) && !additions.get(list).isArray()) {
                errors.add(list + ": expected a list of models, got " + additions.get(list).getNodeType().name().toLowerCase());
            }
        }
        int replicates = before.config().effectiveReplicates();
        if (additions.has(REPLICATES)) {
            JsonNode value = additions.get(REPLICATES);
            if (!value.canConvertToExactIntegral() || value.asInt() < replicates) {
                errors.add("replicates: must be a whole number of at least the run's " + replicates + " (an extension adds "
                        + "replicates, it never drops results), got " + value);
            }
        }
        if (!additions.has(ANSWERING_MODELS) && !additions.has(JUDGES) && !additions.has(REPLICATES)) {
            errors.add("body: nothing to add: give " + String.join(", ", EXTENSION_FIELDS));
        }
        if (!errors.isEmpty()) {
            throw new InvalidRequestException(errors);
        }
        ObjectNode spec;
        try {
            spec = (ObjectNode) Json.mapper().readTree(run.spec);
        } catch (IOException e) {
            throw new IllegalStateException("a run's stored spec is not JSON: " + e.getMessage(), e);
        }
        ObjectNode config = (ObjectNode) spec.get(RunValidator.CONFIG);
        for (String list : List.of(ANSWERING_MODELS, JUDGES)) {
            if (additions.has(list)) {
                ArrayNode models = config.has(list) && config.get(list).isArray() ? (ArrayNode) config.get(list) : config.putArray(list);
                additions.get(list).forEach(model -> models.add(model.deepCopy()));
            }
        }
        if (additions.has(REPLICATES)) {
            config.put(REPLICATES, additions.get(REPLICATES).asInt());
        }
        return spec;
    }

    /** The planned jobs that have results to store, each for just those judges. */
    private record Queue(List<VerificationJob> jobs, int results) {

        static Queue of(List<VerificationJob> planned, Predicate<String> wanted) {
            List<VerificationJob> jobs = new ArrayList<>();
            int results = 0;
            for (VerificationJob job : planned) {
                List<ModelConfig> judges = job.judges().stream().filter(judge -> wanted.test(job.resultId(judge))).toList();
                if (!judges.isEmpty()) {
                    jobs.add(judges.size() == job.judges().size() ? job : job.withJudges(judges));
                    results += judges.size();
                }
            }
            return new Queue(List.copyOf(jobs), results);
        }
    }
}
