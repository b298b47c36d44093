package dev.assay.generation.repository;

import static org.assertj.core.api.Assertions.assertThat;

import dev.assay.generation.RunStages;
import dev.assay.generation.StageSighting;
import dev.assay.testsupport.KafkaBrokerResource;
import dev.assay.testsupport.PostgresResource;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/** Sightings are written in one statement per batch, whatever the batch holds. */
@QuarkusTest
@QuarkusTestResource(KafkaBrokerResource.class)
@QuarkusTestResource(PostgresResource.class)
class StageRecordRepositoryTest {

    @Inject
    StageRecordRepository stageRecords;

    @Test
    void aRecordSightedTwiceInOneBatchCountsOnceWithItsLaterOutcome() {
        String runId = "sightings-" + UUID.randomUUID();
        QuarkusTransaction.requiringNew().run(() -> stageRecords.record(List.of(
                new StageSighting(runId, RunStages.GENERATION, "job-1", false),
                new StageSighting(runId, RunStages.GENERATION, "job-2", false),
                new StageSighting(runId, RunStages.PARSING, "job-1", true),
                new StageSighting(runId, RunStages.GENERATION, "job-1", true))));

        // stage -> [seen, failed]
        assertThat(counts(runId)).isEqualTo(Map.of(RunStages.GENERATION, List.of(2L, 1L), RunStages.PARSING, List.of(1L, 1L)));
    }

    @Test
    void aLaterBatchUpdatesTheOutcomeAndAddsTheRest() {
        String runId = "sightings-" + UUID.randomUUID();
        List<StageSighting> first = IntStream.range(0, 600)
                .mapToObj(i -> new StageSighting(runId, RunStages.GENERATION, "job-" + i, i % 3 == 0)).toList();
        QuarkusTransaction.requiringNew().run(() -> stageRecords.record(first));
        QuarkusTransaction.requiringNew().run(() -> stageRecords.record(List.of(
                new StageSighting(runId, RunStages.GENERATION, "job-0", false),
                new StageSighting(runId, RunStages.GENERATION, "job-600", false))));

        assertThat(counts(runId)).isEqualTo(Map.of(RunStages.GENERATION, List.of(601L, 199L)));
    }

    private Map<String, List<Long>> counts(String runId) {
        return QuarkusTransaction.requiringNew().call(() -> stageRecords.counts(runId)).stream()
                .collect(Collectors.toMap(row -> (String) row[0],
                        row -> List.of(((Number) row[1]).longValue(), ((Number) row[2]).longValue())));
    }
}
