package dev.assay.generation.repository;

import dev.assay.common.pipeline.ResultStatus;
import dev.assay.common.pipeline.VerificationResult;
import dev.assay.common.port.UsageMetadata;
import dev.assay.common.json.Json;
import dev.assay.generation.ResultCell;
import dev.assay.generation.ResultFilter;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.hibernate.orm.panache.PanacheQuery;
import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import io.quarkus.panache.common.Page;
import io.quarkus.panache.common.Parameters;
import io.quarkus.panache.common.Sort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.Query;

import org.hibernate.Session;

import java.math.BigDecimal;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Locale;

/** The result store: one row per {@code result_id}. */
@ApplicationScoped
public class ResultRepository implements PanacheRepositoryBase<ResultEntity, String> {

    /**
     * Inserts each result, or updates its row when this {@code result_id} was stored before (a
     * redelivery, or the answer to a retry), all in one statement: their columns travel as one array
     * each and the statement's text stays the same whatever their number, so it is parsed and planned
     * once (a statement per result cost more than the rest of storing it). Returns, per result id, how
     * often it has now arrived: 1 means it is new to the run's count, which is also the case for a row
     * {@linkplain #awaitRetry awaiting a retry} (its deliveries were set to 0). The ids must be
     * distinct: PostgreSQL refuses to update one row twice in a statement.
     */
    public Map<String, Integer> upsertAll(List<StorableResult> batch, Instant now) {
        int size = batch.size();
        String[] resultIds = new String[size], runIds = new String[size], jobIds = new String[size], questionIds = new String[size],
                answeringModels = new String[size], judges = new String[size], statuses = new String[size],
                costs = new String[size], completedAts = new String[size], documents = new String[size];
        Integer[] replicates = new Integer[size];
        Long[] inputTokens = new Long[size], outputTokens = new Long[size], totalTokens = new Long[size];
        for (int i = 0; i < size; i++) {
            VerificationResult result = batch.get(i).result();
            UsageMetadata total = result.usage().getOrDefault(VerificationResult.TOTAL, UsageMetadata.EMPTY);
            resultIds[i] = result.resultId();
            runIds[i] = result.runId();
            jobIds[i] = result.jobId();
            questionIds[i] = result.questionId();
            answeringModels[i] = result.answeringModel();
            judges[i] = result.judge();
            replicates[i] = result.replicate();
            statuses[i] = result.status().wireName();
            inputTokens[i] = total.inputTokens();
            outputTokens[i] = total.outputTokens();
            totalTokens[i] = total.totalTokens();
            costs[i] = total.costUsd() == null ? null : total.costUsd().toPlainString();
            completedAts[i] = result.completedAt() == null ? null : result.completedAt().toString();
            documents[i] = batch.get(i).json();
        }
        OffsetDateTime at = now.atOffset(ZoneOffset.UTC);
        return getEntityManager().unwrap(Session.class).doReturningWork(connection -> {
            try (PreparedStatement statement = connection.prepareStatement(UPSERT_ALL)) {
                int position = 1;
                statement.setObject(position++, at);
                for (String[] column : List.of(resultIds, runIds, jobIds, questionIds, answeringModels, judges)) {
                    statement.setArray(position++, connection.createArrayOf("text", column));
                }
                statement.setArray(position++, connection.createArrayOf("int4", replicates));
                statement.setArray(position++, connection.createArrayOf("text", statuses));
                for (Long[] column : List.of(inputTokens, outputTokens, totalTokens)) {
                    statement.setArray(position++, connection.createArrayOf("int8", column));
                }
                for (String[] column : List.of(costs, completedAts, documents)) {
                    statement.setArray(position++, connection.createArrayOf("text", column));
                }
                Map<String, Integer> deliveries = new HashMap<>();
                try (ResultSet rows = statement.executeQuery()) {
                    while (rows.next()) {
                        deliveries.put(rows.getString(1), rows.getInt(2));
                    }
                }
                return deliveries;
            }
        });
    }

    /** A result and its JSON as the store writes it. */
    public record StorableResult(VerificationResult result, String json) {
    }

    private static final String UPSERT_ALL = """
            INSERT INTO results (result_id, run_id, job_id, question_id, answering_model, judge, replicate, status,
                                 input_tokens, output_tokens, total_tokens, cost_usd, completed_at,
                                 stored_at, updated_at, deliveries, result)
            SELECT r.result_id, r.run_id, r.job_id, r.question_id, r.answering_model, r.judge, r.replicate, r.status,
                   r.input_tokens, r.output_tokens, r.total_tokens, CAST(r.cost_usd AS numeric),
                   CAST(r.completed_at AS timestamptz), n.now, n.now, 1, CAST(r.result AS jsonb)
            FROM (SELECT CAST(? AS timestamptz) AS now) n,
                 unnest(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                     AS r(result_id, run_id, job_id, question_id, answering_model, judge, replicate, status,
                          input_tokens, output_tokens, total_tokens, cost_usd, completed_at, result)
            ON CONFLICT (result_id) DO UPDATE SET
                run_id = EXCLUDED.run_id, job_id = EXCLUDED.job_id, question_id = EXCLUDED.question_id,
                answering_model = EXCLUDED.answering_model, judge = EXCLUDED.judge,
                replicate = EXCLUDED.replicate, status = EXCLUDED.status,
                input_tokens = EXCLUDED.input_tokens, output_tokens = EXCLUDED.output_tokens,
                total_tokens = EXCLUDED.total_tokens, cost_usd = EXCLUDED.cost_usd,
                completed_at = EXCLUDED.completed_at, updated_at = EXCLUDED.updated_at,
                deliveries = results.deliveries + 1, result = EXCLUDED.result
            RETURNING result_id, deliveries""";

    /**
     * One page of a run's results matching the filter, in the order they were first stored (stable
     * while more arrive); pages count from 0.
     */
    public RowPage<ResultEntity> find(String runId, ResultFilter filter, int pageIndex, int pageSize) {
        PanacheQuery<ResultEntity> query = matching(runId, filter).page(Page.of(pageIndex, pageSize));
        return new RowPage<>(query.list(), query.count());
    }

    /**
     * The transactions whose writes a read starting now may not see: those still running (their
     * ids, below the first not yet begun) and those not begun yet (from that first one on).
     */
    public Transactions changeSnapshot() {
        Object[] row = (Object[]) getEntityManager().createNativeQuery("""
                        SELECT CAST(pg_snapshot_xmax(s) AS text),
                               (SELECT string_agg(CAST(x AS text), ',') FROM pg_snapshot_xip(s) AS x)
                        FROM pg_current_snapshot() AS s""")
                .getSingleResult();
        return Transactions.parse(row[1] == null ? (String) row[0] : row[0] + "," + row[1]);
    }

    /**
     * Up to {@code limit} of the run's results last written by a transaction {@code since} names,
     * after ({@code changedBy}, {@code resultId}) in (transaction, result id) order (an empty id:
     * every result of that transaction), in that order.
     */
    public List<ChangedResult> changedAfter(String runId, Transactions since, long changedBy, String resultId, int limit) {
        // The text columns are named apart: PostgreSQL names CAST(changed_by AS text) "changed_by", and ORDER BY takes an
        // output column before a table's, so the pages were ordered by the ids' text (1000 before 99) while each page goes
        // on from the last one by number: a round whose transactions went from three digits to four lost results.
        @SuppressWarnings("unchecked")
        List<Object[]> rows = getEntityManager().createNativeQuery("""
                        SELECT result_id, CAST(changed_by AS text) AS changed_by_text, CAST(result AS text) AS result_text FROM results
                        WHERE run_id = :runId
                          AND (changed_by >= CAST(:from AS xid8) OR changed_by = ANY (CAST(:running AS xid8[])))
                          AND (changed_by, result_id) > (CAST(:changedBy AS xid8), :resultId)
                        ORDER BY changed_by, result_id LIMIT :limit""")
                .setParameter("runId", runId)
                .setParameter("from", Long.toString(since.from()))
                .setParameter("running", "{" + String.join(",", since.running().stream().map(String::valueOf).toList()) + "}")
                .setParameter("changedBy", Long.toString(changedBy))
                .setParameter("resultId", resultId)
                .setParameter("limit", limit)
                .getResultList();
        return rows.stream().map(row -> new ChangedResult((String) row[0], Long.parseLong((String) row[1]), (String) row[2])).toList();
    }

    /**
     * The run's result ids in the order they were first stored, the order of {@link #find}'s pages (index
     * results_run_stored). SQL, not HQL: {@code assay run} reads this once, as the run completes, and the
     * first translation of an HQL query made it the last of the final reads (docs/performance.md, session 12).
     */
    public List<String> idsInStoredOrder(String runId) {
        List<?> rows = getEntityManager().createNativeQuery(
                        "SELECT result_id FROM results WHERE run_id = :runId ORDER BY stored_at, result_id")
                .setParameter("runId", runId)
                .getResultList();
        return rows.stream().map(String.class::cast).toList();
    }

    private PanacheQuery<ResultEntity> matching(String runId, ResultFilter filter) {
        StringBuilder query = new StringBuilder("runId = :runId");
        Parameters parameters = Parameters.with("runId", runId);
        if (filter.question() != null) {
            query.append(" and questionId = :question");
            parameters.and("question", filter.question());
        }
        if (filter.model() != null) {
            query.append(" and answeringModel = :model");
            parameters.and("model", filter.model());
        }
        if (filter.judge() != null) {
            query.append(" and judge = :judge");
            parameters.and("judge", filter.judge());
        }
        if (filter.verdict() != null) {
            query.append(" and status = :status");
            parameters.and("status", filter.verdict().wireName());
        }
        return find(query.toString(), Sort.ascending("storedAt", "resultId"), parameters);
    }

    /**
     * Counts and usage sums per run and status of the counted results, the runs' condition appended by {@link #aggregate}.
     * SQL, not HQL: the summary is read for every progress event, and its first read, during a run's first seconds,
     * spent most of its CPU translating the HQL (docs/performance.md, session 13).
     */
    private static final String AGGREGATE = """
            SELECT run_id, status, count(*), sum(input_tokens), sum(output_tokens), sum(total_tokens), sum(cost_usd)
            FROM results WHERE deliveries > 0 AND\s""";

    /** As {@link #aggregate(Collection)} for one run: the run's summary, read for every progress event. */
    public List<StatusAggregate> aggregate(String runId) {
        return aggregates(getEntityManager().createNativeQuery(AGGREGATE + "run_id = :runId GROUP BY run_id, status")
                .setParameter("runId", runId));
    }

    /**
     * Counts and usage sums per run and status, for the given runs. A row awaiting its retry is
     * not counted: for the run it is pending again.
     */
    public List<StatusAggregate> aggregate(Collection<String> runIds) {
        if (runIds.isEmpty()) {
            return List.of();
        }
        return aggregates(getEntityManager().createNativeQuery(AGGREGATE + "run_id IN (:runIds) GROUP BY run_id, status")
                .setParameter("runIds", runIds));
    }

    private static List<StatusAggregate> aggregates(Query query) {
        @SuppressWarnings("unchecked")
        List<Object[]> rows = query.getResultList();
        // PostgreSQL sums bigints as numeric
        return rows.stream().map(row -> new StatusAggregate((String) row[0], (String) row[1], longOrNull(row[2]), longOrNull(row[3]),
                longOrNull(row[4]), longOrNull(row[5]), (BigDecimal) row[6])).toList();
    }

    /**
     * Where each of the run's results sits (question, answering model, judge, replicate) and its
     * status: the five columns replicate statistics need, never the result documents. Ordered by
     * model, judge, question and replicate (result id last, so even duplicates come in a fixed order).
     * SQL, as {@link #aggregate}: {@code assay run} reads the statistics once, as the run completes.
     */
    public List<ReplicateResult> replicates(String runId) {
        @SuppressWarnings("unchecked")
        List<Object[]> rows = getEntityManager().createNativeQuery("""
                        SELECT question_id, answering_model, judge, replicate, status
                        FROM results WHERE run_id = :runId
                        ORDER BY answering_model, judge, question_id, replicate, result_id""")
                .setParameter("runId", runId)
                .getResultList();
        return rows.stream()
                .map(row -> new ReplicateResult((String) row[0], (String) row[1], (String) row[2], ((Number) row[3]).intValue(),
                        ResultStatus.valueOf(((String) row[4]).toUpperCase(Locale.ROOT))))
                .toList();
    }

    /**
     * The run's stored results that count, by result id, with their status' wire name: a row
     * {@linkplain #awaitRetry awaiting a retry} is left out, as it is missing for the run.
     */
    public java.util.Map<String, String> countedStatuses(String runId) {
        List<Object[]> rows = getEntityManager().createQuery(
                        "select r.resultId, r.status from ResultEntity r where r.runId = :runId and r.deliveries > 0", Object[].class)
                .setParameter("runId", runId)
                .getResultList();
        java.util.Map<String, String> statuses = new java.util.HashMap<>();
        rows.forEach(row -> statuses.put((String) row[0], (String) row[1]));
        return statuses;
    }

    /**
     * Marks the run's errored results as awaiting a retry: they stay readable until their retried
     * result replaces them, but no longer count (deliveries 0, so the retried result's upsert
     * counts as new). Returns how many rows left the run's count.
     */
    public int awaitRetry(String runId) {
        return getEntityManager().createNativeQuery(
                        "UPDATE results SET deliveries = 0 WHERE run_id = :runId AND status = 'error' AND deliveries > 0")
                .setParameter("runId", runId)
                .executeUpdate();
    }

    /**
     * Every result of the run as a matrix cell, in the order first stored: the columns plus what
     * PostgreSQL extracts from each document (question, keywords, failure, trait outcomes, summed
     * timings), so the responses and prompts never leave the database.
     */
    public List<CellRow> cells(String runId) {
        @SuppressWarnings("unchecked")
        List<Object[]> rows = getEntityManager().createNativeQuery("""
                        SELECT result_id, question_id, answering_model, judge, replicate, status, total_tokens, cost_usd,
                               result->>'question', CAST(result->'keywords' AS text),
                               result->'failure'->>'category', result->'failure'->>'stage',
                               CAST((SELECT jsonb_agg(jsonb_build_object('name', t->'name', 'passed', t->'passed',
                                                                         'score', t->'score', 'error', CASE WHEN t->'error' IS NOT NULL THEN true END))
                                     FROM jsonb_array_elements(COALESCE(result->'rubric', CAST('[]' AS jsonb))) t) AS text),
                               (SELECT sum(CAST(v AS bigint)) FROM jsonb_each_text(COALESCE(result->'timings_ms', CAST('{}' AS jsonb))) AS x(k, v))
                        FROM results WHERE run_id = :runId ORDER BY stored_at, result_id""")
                .setParameter("runId", runId)
                .getResultList();
        return rows.stream().map(row -> new CellRow(new ResultCell((String) row[0], (String) row[1], (String) row[2],
                        (String) row[3], ((Number) row[4]).intValue(), (String) row[5], (String) row[10], (String) row[11],
                        traits((String) row[12]), longOrNull(row[6]), (BigDecimal) row[7], longOrNull(row[13])),
                (String) row[8], (String) row[9])).toList();
    }

    private static final TypeReference<List<ResultCell.Trait>> TRAITS = new TypeReference<>() {
    };

    private static List<ResultCell.Trait> traits(String json) {
        return json == null ? List.of() : Json.mapper().convertValue(Json.read(json, JsonNode.class), TRAITS);
    }

    private static Long longOrNull(Object value) {
        return value == null ? null : ((Number) value).longValue();
    }
}
