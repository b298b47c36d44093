package dev.assay.generation.repository;

import dev.assay.generation.StageSighting;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;

import java.util.List;

/** The records seen leaving each stage (table {@code run_stage_records}), for a run's progress per stage. */
@ApplicationScoped
public class StageRecordRepository {

    private final EntityManager entityManager;

    public StageRecordRepository(EntityManager entityManager) {
        this.entityManager = entityManager;
    }

    /**
     * Records the sightings in one statement; a record seen before keeps its row with the latest
     * outcome (a redelivery or a retry counts once).
     */
    public void record(List<StageSighting> sightings) {
        if (sightings.isEmpty()) {
            return;
        }
        StringBuilder sql = new StringBuilder("INSERT INTO run_stage_records (run_id, stage, record_id, failed) VALUES ");
        for (int i = 0; i < sightings.size(); i++) {
            sql.append(i == 0 ? "" : ", ").append("(?, ?, ?, ?)");
        }
        sql.append(" ON CONFLICT (run_id, stage, record_id) DO UPDATE SET failed = EXCLUDED.failed");
        var query = entityManager.createNativeQuery(sql.toString());
        int position = 1;
        for (StageSighting sighting : sightings) {
            query.setParameter(position++, sighting.runId());
            query.setParameter(position++, sighting.stage());
            query.setParameter(position++, sighting.recordId());
            query.setParameter(position++, sighting.failed());
        }
        query.executeUpdate();
    }

    /** Rows: stage, records seen, of which failed. */
    @SuppressWarnings("unchecked")
    public List<Object[]> counts(String runId) {
        return entityManager.createNativeQuery("""
                        SELECT stage, count(*), count(*) FILTER (WHERE failed)
                        FROM run_stage_records WHERE run_id = :runId GROUP BY stage""")
                .setParameter("runId", runId)
                .getResultList();
    }
}
