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

    /**
     * Rows: answering_model, judge, grouping, evaluated, scored; then the four recall means over the
     * scored results' own figures (strict vital, strict all, vital, all: columns 5-8); then the same
     * four as castorini/nuggetizer computes them, over every evaluated result from its nugget labels,
     * an unlabelled nugget counting as not supported and a question without vital nuggets as 0 in
     * the vital ones (columns 9-12).
     */
    public List<Object[]> nuggetMeans(String runId) {
        return rows("""
                SELECT r.answering_model, r.judge, GROUPING(r.answering_model, r.judge), count(*),
                       count(*) FILTER (WHERE jsonb_typeof(r.result->'nuggets'->'scores') = 'object'),
                       avg(CAST(r.result->'nuggets'->'scores'->>'strict_vital_recall' AS double precision)),
                       avg(CAST(r.result->'nuggets'->'scores'->>'strict_all_recall' AS double precision)),
                       avg(CAST(r.result->'nuggets'->'scores'->>'vital_recall' AS double precision)),
                       avg(CAST(r.result->'nuggets'->'scores'->>'all_recall' AS double precision)),
                       avg(CASE WHEN n.vital = 0 THEN 0 ELSE n.vital_support / n.vital END),
                       avg(CASE WHEN n.total = 0 THEN 0 ELSE n.support / n.total END),
                       avg(CASE WHEN n.vital = 0 THEN 0 ELSE (n.vital_support + 0.5 * n.vital_partial) / n.vital END),
                       avg(CASE WHEN n.total = 0 THEN 0 ELSE (n.support + 0.5 * n.partial) / n.total END)
                FROM results r CROSS JOIN LATERAL (
                    SELECT CAST(count(*) AS double precision) AS total,
                           CAST(count(*) FILTER (WHERE j->>'importance' = 'vital') AS double precision) AS vital,
                           count(*) FILTER (WHERE j->>'label' = 'support') AS support,
                           count(*) FILTER (WHERE j->>'label' = 'partial_support') AS partial,
                           count(*) FILTER (WHERE j->>'importance' = 'vital' AND j->>'label' = 'support') AS vital_support,
                           count(*) FILTER (WHERE j->>'importance' = 'vital' AND j->>'label' = 'partial_support') AS vital_partial
                    FROM jsonb_array_elements(CASE WHEN jsonb_typeof(r.result->'nuggets'->'nuggets') = 'array'
                        THEN r.result->'nuggets'->'nuggets' ELSE '[]'::jsonb END) j) n
                WHERE r.run_id = :runId AND jsonb_typeof(r.result->'nuggets') = 'object'
                GROUP BY GROUPING SETS ((r.answering_model, r.judge), ())
                ORDER BY 1, 2""", runId);
    }

    @SuppressWarnings("unchecked")
    private List<Object[]> rows(String sql, String runId) {
        return entityManager.createNativeQuery(sql).setParameter("runId", runId).getResultList();
    }
}
