package dev.assay.generation.repository;

import io.quarkus.hibernate.orm.panache.PanacheQuery;
import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import io.quarkus.panache.common.Page;
import io.quarkus.panache.common.Sort;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;
import java.util.Collection;
import java.util.List;

/**
 * The run registry. Counter and status changes are single SQL statements, so results stored
 * concurrently (many virtual threads, several instances) never lose a count: the row lock
 * serializes them.
 */
@ApplicationScoped
public class RunRepository implements PanacheRepositoryBase<RunEntity, String> {

    /** Registers a run first seen through one of its results; a known run is left alone. */
    public void registerIfUnknown(String runId, Instant now) {
        getEntityManager().createNativeQuery("""
                        INSERT INTO runs (run_id, source, status, stored_results, created_at, updated_at)
                        VALUES (:runId, 'kafka', 'running', 0, :now, :now)
                        ON CONFLICT (run_id) DO NOTHING""")
                .setParameter("runId", runId)
                .setParameter("now", now)
                .executeUpdate();
    }

    /**
     * Counts {@code stored} more distinct stored results: the run is running, or completed once the
     * count reaches the expected one. A run whose jobs could not be published stays failed.
     */
    public void countStoredResults(String runId, int stored, Instant now) {
        getEntityManager().createNativeQuery("""
                        UPDATE runs SET
                            stored_results = stored_results + :stored,
                            -- concurrent stores commit in any order: the newest time wins
                            updated_at = GREATEST(updated_at, :now),
                            status = CASE
                                WHEN status = 'failed' THEN status
                                WHEN expected_results IS NOT NULL AND stored_results + :stored >= expected_results THEN 'completed'
                                ELSE 'running' END,
                            finished_at = CASE
                                WHEN status <> 'failed' AND expected_results IS NOT NULL
                                     AND stored_results + :stored >= expected_results THEN COALESCE(finished_at, :now)
                                ELSE finished_at END
                        WHERE run_id = :runId""")
                .setParameter("runId", runId)
                .setParameter("stored", stored)
                .setParameter("now", now)
                .executeUpdate();
    }

    /** A redelivered result changed nothing countable, but the run was touched. */
    public void touch(String runId, Instant now) {
        getEntityManager().createNativeQuery("UPDATE runs SET updated_at = GREATEST(updated_at, :now) WHERE run_id = :runId")
                .setParameter("runId", runId)
                .setParameter("now", now)
                .executeUpdate();
    }

    public void markFailed(String runId, String error, Instant now) {
        update("status = 'failed', error = ?1, updatedAt = ?2, finishedAt = ?2 where runId = ?3", error, now, runId);
    }

    /**
     * Marks every run still queued or running as interrupted (the stack that worked on them went away);
     * returns how many.
     */
    public int markUnfinishedInterrupted(Instant now) {
        return getEntityManager().createNativeQuery("""
                        UPDATE runs SET status = 'interrupted', updated_at = GREATEST(updated_at, :now), publishing_until = NULL
                        WHERE status IN ('queued', 'running')""")
                .setParameter("now", now)
                .executeUpdate();
    }

    /** One page of the runs, newest first; pages count from 0. */
    public RowPage<RunEntity> newestFirst(int pageIndex, int pageSize) {
        PanacheQuery<RunEntity> query = findAll(Sort.descending("createdAt", "runId")).page(Page.of(pageIndex, pageSize));
        return new RowPage<>(query.list(), query.count());
    }

    /**
     * Opens a run again for more results (a retry, a resume, an extension): {@code uncounted}
     * stored results no longer count, jobs and expected results become the given totals, and the
     * run is running until the count reaches the expected one again.
     */
    /**
     * Takes the run's requeue lock until the transaction ends: a transaction-scoped PostgreSQL advisory
     * lock on the run id, so retries and extensions of one run plan one after another, on every replica,
     * without holding the run's row (which the result store updates) while they plan.
     */
    public void lockForRequeue(String runId) {
        getEntityManager().createNativeQuery("SELECT 1 FROM (SELECT pg_advisory_xact_lock(hashtext(:runId))) AS locked")
                .setParameter("runId", "requeue:" + runId)
                .getSingleResult();
    }

    public void reopen(String runId, int uncounted, int jobs, int expectedResults, int replicates, String spec, Instant now) {
        getEntityManager().createNativeQuery("""
                        UPDATE runs SET
                            stored_results = stored_results - :uncounted,
                            jobs = :jobs, expected_results = :expected, replicates = :replicates,
                            spec = CAST(:spec AS jsonb),
                            -- a retry or an extension publishes its own jobs before it answers
                            jobs_published = CASE WHEN jobs_published IS NULL THEN NULL ELSE :jobs END,
                            status = CASE WHEN stored_results - :uncounted >= :expected THEN 'completed' ELSE 'running' END,
                            error = NULL,
                            finished_at = CASE WHEN stored_results - :uncounted >= :expected THEN finished_at ELSE NULL END,
                            updated_at = GREATEST(updated_at, :now)
                        WHERE run_id = :runId""")
                .setParameter("runId", runId)
                .setParameter("uncounted", uncounted)
                .setParameter("jobs", jobs)
                .setParameter("expected", expectedResults)
                .setParameter("replicates", replicates)
                .setParameter("spec", spec)
                .setParameter("now", now)
                .executeUpdate();
    }

    /**
     * Takes up to {@code limit} runs whose jobs are not all published and whose publisher's lease
     * ran out (it stopped, or crashed), holding each until {@code until}; returns their ids. Rows
     * another instance is taking at the same moment are skipped, so each run has one publisher.
     */
    @SuppressWarnings("unchecked")
    public List<String> claimUnpublished(Instant now, Instant until, int limit) {
        return getEntityManager().createNativeQuery("""
                        UPDATE runs SET publishing_until = :until
                        WHERE run_id IN (
                            SELECT run_id FROM runs
                            -- an interrupted run's published jobs went with its broker: a retry queues them all again
                            WHERE jobs_published < jobs AND status <> 'failed' AND status <> 'interrupted'
                              AND (publishing_until IS NULL OR publishing_until < :now)
                            ORDER BY created_at LIMIT :limit
                            FOR UPDATE SKIP LOCKED)
                        RETURNING run_id""")
                .setParameter("until", until)
                .setParameter("now", now)
                .setParameter("limit", limit)
                .getResultList();
    }

    /** Renews this instance's hold on the runs it is publishing. */
    public void holdPublishing(Collection<String> runIds, Instant until) {
        if (runIds.isEmpty()) {
            return;
        }
        getEntityManager().createNativeQuery("""
                        UPDATE runs SET publishing_until = :until
                        WHERE run_id IN (:runIds) AND jobs_published < jobs""")
                .setParameter("until", until)
                .setParameter("runIds", runIds)
                .executeUpdate();
    }

    /**
     * Records that the plan's first {@code published} jobs are acknowledged (never going back); once
     * all are, the run is let go.
     */
    public void notePublished(String runId, int published) {
        getEntityManager().createNativeQuery("""
                        UPDATE runs SET
                            jobs_published = GREATEST(jobs_published, :published),
                            publishing_until = CASE WHEN GREATEST(jobs_published, :published) >= jobs THEN NULL
                                                    ELSE publishing_until END
                        WHERE run_id = :runId""")
                .setParameter("published", published)
                .setParameter("runId", runId)
                .executeUpdate();
    }
}
