package dev.assay.generation.rest;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.startsWith;

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
import io.restassured.path.json.JsonPath;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * {@code POST /api/dlq/replay}: records dead-lettered (here by an earlier, unfixed service: published
 * to assay.dlq as SmallRye's dead-letter strategy writes them) go back to their topic; a result is
 * then stored once, and replaying again stores nothing twice.
 */
@QuarkusTest
@QuarkusTestResource(KafkaBrokerResource.class)
@QuarkusTestResource(PostgresResource.class)
class DeadLetterReplayTest {

    private static final Duration WAIT = Duration.ofSeconds(30);

    @Test
    void deadLetteredResultsAreStoredOnceAfterAReplay() {
        String runId = given().contentType(ContentType.JSON).body(TestRuns.bodyJson())
                .when().post("/api/runs").then().statusCode(202).extract().path("run_id");
        VerificationJob job = TestRuns.jobs(runId).get(0);
        VerificationResult result = TestRuns.result(job, job.judges().get(0), Outcome.PASSED);
        String otherTopic = "assay.answers.replay-" + UUID.randomUUID();
        String otherKey = "other-" + UUID.randomUUID();
        deadLetter(Topics.RESULTS, result.resultId(), Json.write(result));
        deadLetter(otherTopic, otherKey, "{\"an\":\"answer\"}");

        JsonPath replay = replay("?topic=" + Topics.RESULTS);
        assertThat(replay.getInt("replayed")).isGreaterThanOrEqualTo(1);
        assertThat(replay.getInt("by_topic.'assay.results'")).isGreaterThanOrEqualTo(1);
        assertThat(replay.getInt("passed_over")).as("the record from another topic").isGreaterThanOrEqualTo(1);
        Eventually.await(WAIT, () -> deliveries(result.resultId()), d -> d == 1, "the replayed result to be stored");
        given().when().get("/api/runs/" + runId).then().statusCode(200)
                .body("counts.done", org.hamcrest.Matchers.equalTo(1));

        // a second replay has nothing new: the result is not delivered again
        replay("");
        String marker = UUID.randomUUID().toString();
        deadLetter(otherTopic, marker, "{}");
        replay("?topic=" + otherTopic);
        List<ConsumerRecord<String, String>> other = KafkaClients.read(otherTopic, r -> true, 1, WAIT);
        assertThat(other).extracting(ConsumerRecord::key).as("the passed-over record is not replayed later; the new one is")
                .containsExactly(marker);
        assertThat(other.get(0).headers().lastHeader("dead-letter-reason")).as("dead-letter headers are dropped").isNull();
        assertThat(new String(other.get(0).headers().lastHeader("traceparent").value(), StandardCharsets.UTF_8))
                .as("the record's own headers are kept").isEqualTo("00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01");
        assertThat(deliveries(result.resultId())).isEqualTo(1);

        // from the beginning: delivered again, still one row
        replay("?from_beginning=true&topic=" + Topics.RESULTS);
        Eventually.await(WAIT, () -> deliveries(result.resultId()), d -> d == 2, "the result to be delivered again");
        assertThat(rows(runId)).isEqualTo(1);
    }

    @Test
    void theDeadLetterTopicItselfIsNoOrigin() {
        given().when().post("/api/dlq/replay?topic=" + Topics.DLQ)
                .then().statusCode(400)
                .body("errors[0]", startsWith("topic: \"assay.dlq\" is not a topic records are dead-lettered from"));
    }

    private static JsonPath replay(String query) {
        return given().when().post("/api/dlq/replay" + query).then().statusCode(200).extract().jsonPath();
    }

    /** As SmallRye's dead-letter-queue strategy writes a record: unchanged, with dead-letter-* headers. */
    private static void deadLetter(String origin, String key, String value) {
        Map<String, Object> config = KafkaBrokerResource.clientConfig();
        config.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        config.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(config)) {
            ProducerRecord<String, String> record = new ProducerRecord<>(Topics.DLQ, key, value);
            record.headers().add("traceparent", "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01".getBytes(StandardCharsets.UTF_8));
            record.headers().add("dead-letter-reason", "the result store was unavailable".getBytes(StandardCharsets.UTF_8));
            record.headers().add("dead-letter-topic", origin.getBytes(StandardCharsets.UTF_8));
            record.headers().add("dead-letter-partition", "0".getBytes(StandardCharsets.UTF_8));
            record.headers().add("dead-letter-offset", "7".getBytes(StandardCharsets.UTF_8));
            producer.send(record).get();
        } catch (Exception e) {
            throw new IllegalStateException("cannot publish to " + Topics.DLQ, e);
        }
    }

    private static int deliveries(String resultId) {
        return query("SELECT coalesce(max(deliveries), 0) FROM results WHERE result_id = ?", resultId);
    }

    private static int rows(String runId) {
        return query("SELECT count(*) FROM results WHERE run_id = ?", runId);
    }

    private static int query(String sql, String parameter) {
        try (Connection connection = PostgresResource.dataSource().getConnection();
             PreparedStatement statement = connection.prepareStatement(sql)) {
            statement.setString(1, parameter);
            try (ResultSet rows = statement.executeQuery()) {
                rows.next();
                return rows.getInt(1);
            }
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
