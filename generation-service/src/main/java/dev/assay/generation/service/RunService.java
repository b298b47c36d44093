package dev.assay.generation.service;

import dev.assay.common.json.Json;
import dev.assay.common.pipeline.VerificationJob;
import dev.assay.common.pipeline.VerificationResult;
import dev.assay.common.run.ModelConfig;
import dev.assay.common.spec.RunPlanner;
import dev.assay.common.spec.ValidRun;
import dev.assay.common.validation.LocatedTree;
import dev.assay.generation.ResultFilter;
import dev.assay.generation.ResultChanges;
import dev.assay.generation.ResultIds;
import dev.assay.generation.ResultPage;
import dev.assay.generation.RunPage;
import dev.assay.generation.RunScores;
import dev.assay.generation.RunStatistics;
import dev.assay.generation.RunSource;
import dev.assay.generation.RunStatus;
import dev.assay.generation.RunSubmission;
import dev.assay.generation.RunMatrix;
import dev.assay.generation.RunSummary;
import dev.assay.generation.config.ApiConfig;
import dev.assay.generation.config.ScoresConfig;
import dev.assay.generation.repository.ChangedResult;
import dev.assay.generation.repository.ReplicateResult;
import dev.assay.generation.repository.ResultEntity;
import dev.assay.generation.repository.ResultRepository;
import dev.assay.generation.repository.RowPage;
import dev.assay.generation.repository.RunEntity;
import dev.assay.generation.repository.RunRepository;
import dev.assay.generation.repository.ScoreRepository;
import dev.assay.generation.repository.StatusAggregate;
import dev.assay.generation.repository.Transactions;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import org.jboss.logging.Logger;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Submits runs (validate, register; the {@link JobOutbox} publishes their jobs) and reads runs and results back. */
@ApplicationScoped
public class RunService {

    private static final Logger LOG = Logger.getLogger(RunService.class);

    private final RunValidator validator;
    private final RunRepository runs;
    private final ResultRepository results;
    private final ScoreRepository scores;
    private final JobOutbox outbox;
    private final ApiConfig config;
    private final ScoresConfig scoresConfig;

    public RunService(RunValidator validator, RunRepository runs, ResultRepository results, ScoreRepository scores,
                      JobOutbox outbox, ApiConfig config, ScoresConfig scoresConfig) {
        this.validator = validator;
        this.runs = runs;
        this.results = results;
        this.scores = scores;
        this.outbox = outbox;
        this.config = config;
        this.scoresConfig = scoresConfig;
    }

    /**
     * Validates the body and registers the run with its spec, which is what makes it accepted: its
     * jobs (one per question × answering model × replicate) are published after this returns, by
     * the {@link JobOutbox}, from the stored run, so a crash after the answer loses none of them.
     * Nothing is stored for an invalid body. If publishing fails, the run is marked failed, with the reason.
     */
    public RunSubmission submit(LocatedTree body) {
        ValidRun valid = validator.validate(body);
        Instant now = now();
        String runId = RunIds.next(now);
        List<VerificationJob> jobs = RunPlanner.plan(runId, valid, now);
        int expected = jobs.size() * valid.config().judges().size();
        String name = valid.config().name() != null ? valid.config().name() : valid.benchmark().name();

        RunEntity run = new RunEntity();
        run.runId = runId;
        run.name = name;
        run.source = RunSource.API.wireName();
        run.status = RunStatus.QUEUED.wireName();
        run.jobs = jobs.size();
        run.expectedResults = expected;
        run.replicates = valid.config().effectiveReplicates();
        run.spec = Json.write(Map.of("benchmark", valid.benchmark(), "config", valid.config()));
        run.jobsPublished = 0;
        run.publishingUntil = outbox.leaseFrom(now);
        run.createdAt = now;
        run.updatedAt = now;
        // Registered before publishing: a fast pipeline's first result must find the run with its expected count.
        QuarkusTransaction.requiringNew().run(() -> runs.persist(run));
        outbox.publish(runId, jobs);
        LOG.infof("run %s (%s): accepted, %d jobs to publish, %d results expected", runId, name, jobs.size(), expected);
        return new RunSubmission(runId, name, RunStatus.QUEUED, valid.benchmark().questions().size(),
                valid.config().answeringModels().stream().map(ModelConfig::canonicalKey).toList(),
                valid.config().judges().stream().map(ModelConfig::canonicalKey).toList(),
                valid.config().effectiveReplicates(), jobs.size(), expected);
    }

    /** Runs, newest first. */
    @Transactional
    public RunPage list(Integer page, Integer size) {
        int pageIndex = pageIndex(page);
        int pageSize = pageSize(size);
        RowPage<RunEntity> rows = runs.newestFirst(pageIndex, pageSize);
        List<RunEntity> entities = rows.rows();
        Map<String, RunEntity> byId = new LinkedHashMap<>();
        entities.forEach(run -> byId.put(run.runId, run));
        List<StatusAggregate> aggregates = results.aggregate(byId.keySet());
        List<RunSummary> summaries = entities.stream().map(run -> RunSummaries.of(run, aggregates)).toList();
        return new RunPage(pageIndex, pageSize, rows.total(), summaries);
    }

    /** The run's status, counts and usage totals; throws {@link RunNotFoundException}. */
    @Transactional
    public RunSummary summary(String runId) {
        RunEntity run = find(runId);
        return RunSummaries.of(run, results.aggregate(runId));
    }

    /** The run's means (trait pass rates and scores, nugget recall), overall and per answering model × judge. */
    @Transactional
    public RunScores scores(String runId) {
        find(runId);
        return RunScoring.of(runId, scores, scoresConfig.nuggetMeans());
    }

    /** Pass rates with standard errors, pass@k and majority votes over the run's replicates, per model × judge and per question. */
    @Transactional
    public RunStatistics statistics(String runId) {
        RunEntity run = find(runId);
        List<ReplicateResult> replicates = results.replicates(runId);
        return ReplicateStatistics.of(runId, replicates(run, replicates), replicates);
    }

    /**
     * The run's replicates: recorded when it was submitted here; a run first seen on Kafka has no
     * config, so the highest replicate stored so far stands in.
     */
    private static int replicates(RunEntity run, List<ReplicateResult> stored) {
        if (run.replicates != null) {
            return run.replicates;
        }
        return Math.max(1, stored.stream().mapToInt(ReplicateResult::replicate).max().orElse(1));
    }

    /** The run's matrix for the web viewer: its benchmark, config, questions and every result as a small cell. */
    @Transactional
    public RunMatrix matrix(String runId, boolean withCells) {
        RunEntity run = find(runId);
        RunSummary summary = RunSummaries.of(run, results.aggregate(runId));
        return RunMatrices.of(summary, run.spec, withCells ? results.cells(runId) : List.of());
    }

    /** One page of the run's results matching the filter, as the full result records. */
    @Transactional
    public ResultPage results(String runId, ResultFilter filter, Integer page, Integer size) {
        int pageIndex = pageIndex(page);
        int pageSize = pageSize(size);
        find(runId);
        RowPage<ResultEntity> rows = results.find(runId, filter, pageIndex, pageSize);
        List<VerificationResult> items = rows.rows().stream()
                .map(row -> StoredResults.read(row.result))
                .toList();
        long total = rows.total();
        int totalPages = (int) ((total + pageSize - 1) / pageSize);
        return new ResultPage(runId, pageIndex, pageSize, total, totalPages, items);
    }

    /**
     * The run's results written since {@code since} (a cursor of an earlier answer; none: all), at
     * most {@code size}, the largest page by default. The snapshot that the next round starts from
     * is taken before the rows are read: a result written by a transaction still running then is
     * read by the next round.
     */
    @Transactional
    public ResultChanges resultChanges(String runId, String since, Integer size) {
        int limit = pageSize(size == null ? config.maxPageSize() : size);
        ChangeCursor cursor = ChangeCursor.parse(since);
        find(runId);
        Transactions next = cursor.startsRound() ? results.changeSnapshot() : cursor.next();
        List<ChangedResult> rows = results.changedAfter(runId, cursor.since(), cursor.afterTransaction(), cursor.afterId(), limit + 1);
        boolean more = rows.size() > limit;
        List<ChangedResult> page = more ? rows.subList(0, limit) : rows;
        String nextCursor = more ? cursor.page(next, page.getLast().changedBy(), page.getLast().resultId()) : next.toString();
        return new ResultChanges(runId, nextCursor, more, page.stream().map(row -> StoredResults.read(row.result())).toList());
    }

    /** The run's result ids in the order its result pages give them. */
    @Transactional
    public ResultIds resultIds(String runId) {
        find(runId);
        return new ResultIds(runId, results.idsInStoredOrder(runId));
    }

    private RunEntity find(String runId) {
        RunEntity run = runs.findById(runId);
        if (run == null) {
            throw new RunNotFoundException(runId);
        }
        return run;
    }

    private static int pageIndex(Integer page) {
        if (page == null) {
            return 0;
        }
        if (page < 0) {
            throw new InvalidRequestException("page: must be 0 or more (pages count from 0), got " + page);
        }
        return page;
    }

    private int pageSize(Integer size) {
        if (size == null) {
            return config.defaultPageSize();
        }
        if (size < 1 || size > config.maxPageSize()) {
            throw new InvalidRequestException("size: must be between 1 and " + config.maxPageSize() + ", got " + size);
        }
        return size;
    }

    /** Microseconds: what PostgreSQL keeps, so an instant reads back as written. */
    static Instant now() {
        return Instant.now().truncatedTo(ChronoUnit.MICROS);
    }
}
