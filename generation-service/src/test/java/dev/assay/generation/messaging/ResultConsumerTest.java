package dev.assay.generation.messaging;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.assay.common.json.Json;
import dev.assay.common.pipeline.Topics;
import dev.assay.common.pipeline.VerificationJob;
import dev.assay.common.pipeline.VerificationResult;
import dev.assay.testsupport.Eventually;
import dev.assay.generation.KafkaClients;
import dev.assay.generation.TestRuns;
import dev.assay.generation.TestRuns.Outcome;
import dev.assay.testsupport.KafkaBrokerResource;
import dev.assay.testsupport.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.UUID;

/**
 * The result store behind assay.results: upserts by result_id, registers unknown runs, dead-letters what it cannot read
 * and what a planned run did not plan.
 */
@QuarkusTest
@QuarkusTestResource(KafkaBrokerResource.class)
@QuarkusTestResource(PostgresResource.class)
class ResultConsumerTest {

    private static final Duration WAIT = Duration.ofSeconds(30);

    @Inject
    ResultConsumer consumer;

    @Test
    void aRedeliveredResultLeavesExactlyOneRow() {
        String runId = given().contentType(ContentType.JSON).body(TestRuns.bodyJson())
                .when().post("/api/runs").then().statusCode(202).extract().path("run_id");
        VerificationJob job = TestRuns.jobs(runId).get(0);
        VerificationResult result = TestRuns.result(job, job.judges().get(0), Outcome.PASSED);

        KafkaClients.publish(Topics.RESULTS, result.resultId(), Json.write(result));
        KafkaClients.publish(Topics.RESULTS, result.resultId(), Json.write(result));

        // the second delivery is seen (deliveries = 2) and did not add a row
        Eventually.await(WAIT, () -> row(result.resultId()), row -> row.deliveries() == 2, "the redelivery to be stored");
        assertThat(rowsOf(runId)).isEqualTo(1);
        given().when().get("/api/runs/" + runId)
                .then().statusCode(200)
                .body("status", equalTo("running"))
                .body("counts.done", equalTo(1))
                .body("counts.pending", equalTo(7))
                .body("usage.total_tokens", equalTo(60));
        given().when().get("/api/runs/" + runId + "/results")
                .then().statusCode(200)
                .body("total", equalTo(1))
                .body("results[0].result_id", equalTo(result.resultId()));
    }

    @Test
    void resultsArrivingTogetherAreEachCountedOnceAndCompleteTheRun() {
        String runId = given().contentType(ContentType.JSON).body(TestRuns.bodyJson())
                .when().post("/api/runs").then().statusCode(202).extract().path("run_id");
        List<VerificationResult> results = TestRuns.allResults(runId, Outcome.PASSED);
        // all of them at once and each twice: the store writes those waiting together, redeliveries among them
        for (int delivery = 0; delivery < 2; delivery++) {
            results.forEach(result -> KafkaClients.publish(Topics.RESULTS, result.resultId(), Json.write(result)));
        }

        Eventually.await(WAIT, () -> results.stream().mapToInt(result -> row(result.resultId()).deliveries()).sum(),
                sum -> sum == 2 * results.size(), "every delivery to be stored");
        assertThat(rowsOf(runId)).isEqualTo(results.size());
        given().when().get("/api/runs/" + runId)
                .then().statusCode(200)
                .body("status", equalTo("completed"))
                .body("counts.expected", equalTo(results.size()))
                .body("counts.done", equalTo(results.size()))
                .body("counts.pending", equalTo(0));
    }

    /**
     * Results stored at once share transactions, as many as are waiting: nothing in front of the store
     * holds them to a few at a time (a bound of 10 writers made every transaction hold 10 at most,
     * and 200 results at least 20 transactions).
     */
    @Test
    void manyResultsStoredAtOnceShareFewTransactions() throws Exception {
        String runId = "kafka-" + UUID.randomUUID();
        VerificationResult template = TestRuns.allResults(runId, Outcome.PASSED).get(0);
        List<VerificationResult> results = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            ObjectNode json = Json.mapper().valueToTree(template);
            json.put("result_id", String.format("%032x", i + 1));
            results.add(Json.mapper().treeToValue(json, VerificationResult.class));
        }
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<?>> stored = new ArrayList<>();
            results.forEach(result -> stored.add(threads.submit(() -> consumer.storeWhenAvailable(result))));
            for (Future<?> one : stored) {
                one.get(30, TimeUnit.SECONDS);
            }
        }
        assertThat(rowsOf(runId)).isEqualTo(200);
        long transactions = query("SELECT count(DISTINCT changed_by) FROM results WHERE run_id = ?", runId, rows -> {
            rows.next();
            return rows.getLong(1);
        });
        assertThat(transactions).as("transactions that wrote 200 results stored at once").isLessThan(20);
    }

    @Test
    void aNulCharacterInAnAnswerIsStoredAsTheReplacementCharacterNotDeadLettered() throws Exception {
        String runId = given().contentType(ContentType.JSON).body(TestRuns.bodyJson())
                .when().post("/api/runs").then().statusCode(202).extract().path("run_id");
        VerificationJob job = TestRuns.jobs(runId).get(0);
        VerificationResult result = TestRuns.result(job, job.judges().get(0), Outcome.PASSED);
        // a model may answer with U+0000, which PostgreSQL's jsonb refuses
        var tree = (com.fasterxml.jackson.databind.node.ObjectNode) Json.mapper().readTree(Json.write(result));
        tree.put("response", "before\u0000after \\u0000 stays");

        KafkaClients.publish(Topics.RESULTS, result.resultId(), Json.mapper().writeValueAsString(tree));

        Eventually.await(WAIT, () -> rowsOf(runId), rows -> rows == 1, "the result to be stored");
        given().when().get("/api/runs/" + runId + "/results")
                .then().statusCode(200)
                .body("results[0].response", equalTo("before\uFFFDafter \\u0000 stays"));
    }

    @Test
    void aResultOfAnUnknownRunRegistersThatRun() {
        String runId = "kafka-" + UUID.randomUUID();
        List<VerificationResult> results = TestRuns.allResults(runId, Outcome.ERROR);
        KafkaClients.publish(Topics.RESULTS, results.get(0).resultId(), Json.write(results.get(0)));
        KafkaClients.publish(Topics.RESULTS, results.get(1).resultId(), Json.write(results.get(1)));

        Eventually.await(WAIT, () -> given().get("/api/runs/" + runId).statusCode() == 200 ? rowsOf(runId) : 0L,
                rows -> rows == 2, "both results to be stored");
        String json = given().when().get("/api/runs/" + runId)
                .then().statusCode(200)
                .body("source", equalTo("kafka"))
                .body("status", equalTo("running"))
                .body("name", nullValue())
                .body("counts.jobs", nullValue())
                .body("counts.expected", nullValue())
                .body("counts.pending", nullValue())
                .body("counts.done", equalTo(2))
                .body("counts.failed", equalTo(2))
                .body("counts.by_status.error", equalTo(2))
                .extract().asString();
        System.out.println("GET /api/runs/{kafka run}: " + json);
    }

    /**
     * The result of a job published for a planned question under another job_id has the run's
     * result_id (docs/messaging.md#ids-and-what-the-store-accepts): it is dead-lettered, and the run's
     * stored result stays as it was (it silently replaced it).
     */
    @Test
    void aJobUnderAnotherIdForAPlannedQuestionDoesNotReplaceTheRunsResult() throws Exception {
        String runId = given().contentType(ContentType.JSON).body(TestRuns.bodyJson())
                .when().post("/api/runs").then().statusCode(202).extract().path("run_id");
        VerificationJob job = TestRuns.jobs(runId).get(0);
        VerificationResult result = TestRuns.result(job, job.judges().get(0), Outcome.PASSED);
        KafkaClients.publish(Topics.RESULTS, result.resultId(), Json.write(result));
        Eventually.await(WAIT, () -> row(result.resultId()), row -> row.deliveries() == 1, "the run's result to be stored");

        ObjectNode other = (ObjectNode) Json.mapper().readTree(Json.write(TestRuns.result(job, job.judges().get(0), Outcome.ERROR)));
        other.put("job_id", "another-job-" + UUID.randomUUID());
        KafkaClients.publish(Topics.RESULTS, result.resultId(), Json.write(other));

        ConsumerRecord<String, String> dead = KafkaClients.read(Topics.DLQ,
                record -> record.value().contains(other.get("job_id").asText()), 1, WAIT).getFirst();
        assertThat(header(dead, "dead-letter-reason"))
                .contains("comes from job " + other.get("job_id").asText(), "planned that result under job " + job.jobId());
        assertThat(row(result.resultId())).as("the run's result, untouched").isEqualTo(new Row("passed", 1));
    }

    /** A job the run never planned: its result is dead-lettered, not counted (a run was "done 3 of expected 2"). */
    @Test
    void aResultOfAJobTheRunDidNotPlanIsDeadLetteredAndNotCounted() throws Exception {
        String runId = given().contentType(ContentType.JSON).body(TestRuns.bodyJson())
                .when().post("/api/runs").then().statusCode(202).extract().path("run_id");
        List<VerificationResult> planned = TestRuns.allResults(runId, Outcome.PASSED);
        VerificationResult first = planned.getFirst();
        ObjectNode unplanned = (ObjectNode) Json.mapper().readTree(Json.write(first));
        unplanned.put("question_id", "not-in-the-benchmark");
        unplanned.put("job_id", dev.assay.common.pipeline.PipelineIds.jobId(runId, "not-in-the-benchmark", first.answeringModel(), 1));
        String unplannedId = dev.assay.common.pipeline.PipelineIds.resultId(runId, "not-in-the-benchmark", first.answeringModel(),
                first.judge(), 1);
        unplanned.put("result_id", unplannedId);

        KafkaClients.publish(Topics.RESULTS, unplannedId, Json.write(unplanned));
        planned.forEach(result -> KafkaClients.publish(Topics.RESULTS, result.resultId(), Json.write(result)));

        ConsumerRecord<String, String> dead = KafkaClients.read(Topics.DLQ, record -> unplannedId.equals(record.key()), 1, WAIT).getFirst();
        assertThat(header(dead, "dead-letter-reason")).contains("result " + unplannedId + " of run " + runId,
                "question not-in-the-benchmark", "is not part of the run's plan");
        Eventually.await(WAIT, () -> rowsOf(runId), rows -> rows == planned.size(), "the planned results to be stored");
        assertThat(row(unplannedId).deliveries()).as("the unplanned result is not stored").isZero();
        given().when().get("/api/runs/" + runId)
                .then().statusCode(200)
                .body("status", equalTo("completed"))
                .body("counts.expected", equalTo(planned.size()))
                .body("counts.done", equalTo(planned.size()));
    }

    @Test
    void anUndecodableRecordGoesToTheDeadLetterTopicAndTheNextRecordIsStored() {
        String key = "garbage-" + UUID.randomUUID();
        KafkaClients.publish(Topics.RESULTS, key, "{\"this is\": not json");
        String versionKey = "future-" + UUID.randomUUID();
        String runId = "kafka-" + UUID.randomUUID();
        VerificationResult next = TestRuns.allResults(runId, Outcome.PASSED).get(0);
        // a newer schema version than this service reads is undecodable too
        KafkaClients.publish(Topics.RESULTS, versionKey, Json.write(next).replace("\"schema_version\":1", "\"schema_version\":99"));
        KafkaClients.publish(Topics.RESULTS, next.resultId(), Json.write(next));

        List<ConsumerRecord<String, String>> dead = KafkaClients.read(Topics.DLQ,
                record -> key.equals(record.key()) || versionKey.equals(record.key()), 2, WAIT);
        assertThat(dead).hasSize(2);
        ConsumerRecord<String, String> garbage = dead.stream().filter(record -> key.equals(record.key())).findFirst().orElseThrow();
        assertThat(garbage.value()).as("the original value, unchanged").isEqualTo("{\"this is\": not json");
        assertThat(header(garbage, "dead-letter-reason")).startsWith("not JSON, expected a VerificationResult");
        assertThat(header(garbage, "dead-letter-topic")).isEqualTo(Topics.RESULTS);
        ConsumerRecord<String, String> future = dead.stream().filter(record -> versionKey.equals(record.key())).findFirst().orElseThrow();
        assertThat(header(future, "dead-letter-reason")).contains("schema_version 99 is not supported");
        System.out.println("DLQ dead-letter-reason: " + header(garbage, "dead-letter-reason"));

        Eventually.await(WAIT, () -> rowsOf(runId), rows -> rows == 1, "the record after the bad ones to be stored");
    }

    private static String header(ConsumerRecord<String, String> record, String name) {
        Header header = record.headers().lastHeader(name);
        assertThat(header).as("header " + name).isNotNull();
        return new String(header.value(), StandardCharsets.UTF_8);
    }

    record Row(String status, int deliveries) {
    }

    private static Row row(String resultId) {
        return query("SELECT status, deliveries FROM results WHERE result_id = ?", resultId,
                rows -> rows.next() ? new Row(rows.getString(1), rows.getInt(2)) : new Row(null, 0));
    }

    private static long rowsOf(String runId) {
        return query("SELECT count(*) FROM results WHERE run_id = ?", runId, rows -> {
            rows.next();
            return rows.getLong(1);
        });
    }

    interface RowMapper<T> {
        T map(ResultSet rows) throws Exception;
    }

    private static <T> T query(String sql, String parameter, RowMapper<T> mapper) {
        try (Connection connection = PostgresResource.dataSource().getConnection();
             PreparedStatement statement = connection.prepareStatement(sql)) {
            statement.setString(1, parameter);
            try (ResultSet rows = statement.executeQuery()) {
                return mapper.map(rows);
            }
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
