package dev.assay.generation.repository;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;

import java.util.List;

/**
 * Aggregates over the stored results' jsonb, in PostgreSQL, so a run's means cost one pass over
 * its rows instead of loading every result. Each query groups by answering model × judge and,
 * through {@code GROUPING SETS}, once more over the whole run (model and judge null).
 */
@ApplicationScoped
public class ScoreRepository {

    private final EntityManager entityManager;

    public ScoreRepository(EntityManager entityManager) {
        this.entityManager = entityManager;
    }

    /** Rows: answering_model, judge, grouping (1 for the whole run), status, count. */
    public List<Object[]> statusCounts(String runId) {
        return rows("""
                SELECT answering_model, judge, GROUPING(answering_model, judge), status, count(*)
                FROM results WHERE run_id = :runId
                GROUP BY GROUPING SETS ((answering_model, judge, status), (status))
                ORDER BY 1, 2, 4""", runId);
    }

    /** Rows: answering_model, judge, grouping, name, kind, scored, errors, pass rate, mean score. */
    public List<Object[]> traitMeans(String runId) {
        return rows("""
                SELECT r.answering_model, r.judge, GROUPING(r.answering_model, r.judge), t->>'name', t->>'kind',
                       count(*) FILTER (WHERE t->>'error' IS NULL),
                       count(*) FILTER (WHERE t->>'error' IS NOT NULL),
                       avg(CASE t->>'passed' WHEN 'true' THEN 1.0 WHEN 'false' THEN 0.0 END),
                       avg(CAST(t->>'score' AS double precision))
                FROM results r CROSS JOIN LATERAL jsonb_array_elements(
                    CASE WHEN jsonb_typeof(r.result->'rubric') = 'array' THEN r.result->'rubric' ELSE '[]'::jsonb END) t
                WHERE r.run_id = :runId
                GROUP BY GROUPING SETS ((r.answering_model, r.judge, t->>'name', t->>'kind'), (t->>'name', t->>'kind'))
                ORDER BY 1, 2, 4""", runId);
    }

    /** Rows: answering_model, judge, grouping, evaluated, scored, and the means of the four recall figures. */
    public List<Object[]> nuggetMeans(String runId) {
        return rows("""
                SELECT answering_model, judge, GROUPING(answering_model, judge), count(*),
                       count(*) FILTER (WHERE jsonb_typeof(result->'nuggets'->'scores') = 'object'),
                       avg(CAST(result->'nuggets'->'scores'->>'strict_vital_recall' AS double precision)),
                       avg(CAST(result->'nuggets'->'scores'->>'strict_all_recall' AS double precision)),
                       avg(CAST(result->'nuggets'->'scores'->>'vital_recall' AS double precision)),
                       avg(CAST(result->'nuggets'->'scores'->>'all_recall' AS double precision))
                FROM results WHERE run_id = :runId AND jsonb_typeof(result->'nuggets') = 'object'
                GROUP BY GROUPING SETS ((answering_model, judge), ())
                ORDER BY 1, 2""", runId);
    }

    @SuppressWarnings("unchecked")
    private List<Object[]> rows(String sql, String runId) {
        return entityManager.createNativeQuery(sql).setParameter("runId", runId).getResultList();
    }
}
