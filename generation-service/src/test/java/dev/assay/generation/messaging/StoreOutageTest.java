package dev.assay.generation.messaging;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.assay.common.json.Json;
import dev.assay.common.pipeline.Topics;
import dev.assay.common.pipeline.VerificationJob;
import dev.assay.common.pipeline.VerificationResult;
import dev.assay.generation.KafkaClients;
import dev.assay.generation.TestRuns;
import dev.assay.generation.TestRuns.Outcome;
import dev.assay.testsupport.Eventually;
import dev.assay.testsupport.KafkaBrokerResource;
import dev.assay.testsupport.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.List;

/**
 * PostgreSQL goes away under the running service (issue 15, "Nothing lost"): results that arrive
 * meanwhile wait, unacknowledged and not dead-lettered, and are stored once it is back; the API
 * answers 503 with Retry-After and says why; readiness is DOWN meanwhile and UP afterwards.
 *
 * <p>The shared embedded PostgreSQL is suspended and always resumed (same port, same data), so
 * the test classes after this one find it as it was.
 */
@QuarkusTest
@QuarkusTestResource(KafkaBrokerResource.class)
@QuarkusTestResource(PostgresResource.class)
class StoreOutageTest {

    private static final Duration WAIT = Duration.ofSeconds(60);
    /**
     * Long enough for the old rule (3 attempts, 0.5 s then 1 s apart) to have dead-lettered the result
     * several times over; the result must still be waiting after it.
     */
    private static final Duration OUTAGE = Duration.ofSeconds(6);

    @Test
    void resultsWaitForTheDatabaseAndTheApiAnswers503Meanwhile() throws Exception {
        String runId = given().contentType(ContentType.JSON).body(TestRuns.bodyJson())
                .when().post("/api/runs").then().statusCode(202).extract().path("run_id");
        VerificationJob job = TestRuns.jobs(runId).get(0);
        VerificationResult result = TestRuns.result(job, job.judges().get(0), Outcome.PASSED);
        given().when().get("/q/health/ready").then().statusCode(200);

        PostgresResource.suspend();
        try {
            KafkaClients.publish(Topics.RESULTS, result.resultId(), Json.write(result));

            Response api = given().when().get("/api/runs/" + runId);
            assertThat(api.statusCode()).as(api.asString()).isEqualTo(503);
            assertThat(api.header("Retry-After")).isEqualTo("10");
            assertThat(api.contentType()).startsWith("application/json");
            assertThat(api.jsonPath().getString("errors[0]"))
                    .startsWith("the result store (PostgreSQL) is unavailable: ")
                    .endsWith("; retry later");

            Response ready = given().when().get("/q/health/ready");
            assertThat(ready.statusCode()).as(ready.asString()).isEqualTo(503);
            assertThat(ready.jsonPath().getString("status")).isEqualTo("DOWN");
            assertThat(ready.asString()).contains("Database connections health check");

            Thread.sleep(OUTAGE.toMillis());
        } finally {
            PostgresResource.resume();
        }

        Eventually.await(WAIT, () -> rows(result.resultId()), rows -> rows == 1, "the waiting result to be stored");
        Eventually.await(WAIT, () -> given().when().get("/api/runs/" + runId).statusCode(), status -> status == 200,
                "the API to answer again");
        Eventually.await(WAIT, () -> given().when().get("/q/health/ready").statusCode(), status -> status == 200,
                "readiness to be UP again");
        // a marker published after the outage: once it is dead-lettered, anything dead-lettered before it is there too
        String marker = "marker-" + runId;
        KafkaClients.publish(Topics.RESULTS, marker, "not json");
        List<ConsumerRecord<String, String>> dead = KafkaClients.read(Topics.DLQ,
                record -> marker.equals(record.key()) || result.resultId().equals(record.key()), 1, WAIT);
        assertThat(dead).extracting(ConsumerRecord::key).as("nothing dead-lettered for the outage").containsExactly(marker);
    }

    private static long rows(String resultId) {
        try (Connection connection = PostgresResource.dataSource().getConnection();
             PreparedStatement statement = connection.prepareStatement("SELECT count(*) FROM results WHERE result_id = ?")) {
            statement.setString(1, resultId);
            try (ResultSet rows = statement.executeQuery()) {
                rows.next();
                return rows.getLong(1);
            }
        } catch (Exception e) {
            return -1; // not back yet
        }
    }
}
