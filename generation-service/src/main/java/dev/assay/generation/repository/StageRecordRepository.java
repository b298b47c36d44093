package dev.assay.generation.repository;

import dev.assay.generation.RunStages;
import dev.assay.generation.StageSighting;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import org.hibernate.Session;

import java.sql.PreparedStatement;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The records seen leaving each stage (table {@code run_stage_records}), for a run's progress per stage. */
@ApplicationScoped
public class StageRecordRepository {

    private static final int FORGET_CHUNK = 1000;

    private final EntityManager entityManager;

    public StageRecordRepository(EntityManager entityManager) {
        this.entityManager = entityManager;
    }

    /**
     * Records the sightings in one statement; a record seen before keeps its row with the latest
     * outcome (a redelivery or a retry counts once, and of one record sighted twice in the list the
     * later sighting counts). The columns travel as one array each, so the statement's text is the
     * same for any number of sightings and is parsed and planned once.
     */
    public void record(List<StageSighting> sightings) {
        if (sightings.isEmpty()) {
            return;
        }
        // one row per record: PostgreSQL refuses to update a row twice in one statement
        Map<List<String>, StageSighting> latest = new LinkedHashMap<>();
        sightings.forEach(sighting -> latest.put(List.of(sighting.runId(), sighting.stage(), sighting.recordId()), sighting));
        int size = latest.size();
        String[] runIds = new String[size], stages = new String[size], recordIds = new String[size];
        Boolean[] failed = new Boolean[size];
        int i = 0;
        for (StageSighting sighting : latest.values()) {
            runIds[i] = sighting.runId();
            stages[i] = sighting.stage();
            recordIds[i] = sighting.recordId();
            failed[i++] = sighting.failed();
        }
        entityManager.unwrap(Session.class).doWork(connection -> {
            try (PreparedStatement statement = connection.prepareStatement("""
                    INSERT INTO run_stage_records (run_id, stage, record_id, failed)
                    SELECT * FROM unnest(?, ?, ?, ?)
                    ON CONFLICT (run_id, stage, record_id) DO UPDATE SET failed = EXCLUDED.failed""")) {
                statement.setArray(1, connection.createArrayOf("text", runIds));
                statement.setArray(2, connection.createArrayOf("text", stages));
                statement.setArray(3, connection.createArrayOf("text", recordIds));
                statement.setArray(4, connection.createArrayOf("bool", failed));
                statement.executeUpdate();
            }
        });
    }

    /**
     * Forgets what was seen of the records a retry or an extension queues again — the jobs' answers
     * and the results' parses — so the run's stage counts are those of the new attempt: done of
     * expected counts the records kept plus the ones seen again, and a failure fixed by the retry no
     * longer counts. A record of the old attempt still on its way counts until the new one replaces it.
     */
    public void forget(String runId, Collection<String> jobIds, Collection<String> resultIds) {
        forget(runId, RunStages.GENERATION, jobIds);
        forget(runId, RunStages.PARSING, resultIds);
    }

    private void forget(String runId, String stage, Collection<String> recordIds) {
        List<String> ids = List.copyOf(recordIds);
        // in chunks: a statement's bind parameters are limited (65,535 in PostgreSQL's protocol)
        for (int from = 0; from < ids.size(); from += FORGET_CHUNK) {
            List<String> chunk = ids.subList(from, Math.min(ids.size(), from + FORGET_CHUNK));
            StringBuilder sql = new StringBuilder("DELETE FROM run_stage_records WHERE run_id = ? AND stage = ? AND record_id IN (");
            for (int i = 0; i < chunk.size(); i++) {
                sql.append(i == 0 ? "?" : ", ?");
            }
            var query = entityManager.createNativeQuery(sql.append(')').toString());
            int position = 1;
            query.setParameter(position++, runId);
            query.setParameter(position++, stage);
            for (String id : chunk) {
                query.setParameter(position++, id);
            }
            query.executeUpdate();
        }
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
