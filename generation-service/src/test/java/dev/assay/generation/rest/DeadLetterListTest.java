package dev.assay.generation.rest;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.startsWith;

import dev.assay.common.pipeline.Topics;
import dev.assay.generation.KafkaClients;
import dev.assay.testsupport.KafkaBrokerResource;
import dev.assay.testsupport.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * {@code GET /api/dead-letters} and {@code GET /api/dead-letters/{partition}/{offset}} list and read
 * assay.dlq (reason, origin, time, a readable prefix; envelopes too), and a replay marks a record
 * that fails again so that later replays pass it over instead of looping (docs/messaging.md).
 */
@QuarkusTest
@QuarkusTestResource(KafkaBrokerResource.class)
@QuarkusTestResource(PostgresResource.class)
class DeadLetterListTest {

    private static final Duration WAIT = Duration.ofSeconds(30);

    /**
     * Three records the store cannot read are dead-lettered by the real consumer; replayed, they fail
     * again and come back marked with the replay's count; the next replay sends none of them back
     * (without the mark it sent all three again, and each replay added three more dead letters).
     */
    @Test
    void aRecordThatFailsAgainAfterAReplayIsMarkedAndPassedOver() {
        String key = "unreadable-" + UUID.randomUUID();
        for (int i = 0; i < 3; i++) {
            KafkaClients.publish(Topics.RESULTS, key, "{\"schema_version\":1,\"not_a_result\":" + i + "}");
        }
        assertThat(dead(key, 3)).hasSize(3).allSatisfy(record -> assertThat(record.headers().lastHeader("assay-replay-count")).isNull());

        JsonPath first = replay("?topic=" + Topics.RESULTS);
        assertThat(first.getInt("replayed")).isGreaterThanOrEqualTo(3);
        List<ConsumerRecord<String, String>> afterOne = dead(key, 6);
        assertThat(afterOne).hasSize(6);
        assertThat(afterOne.subList(3, 6)).as("dead-lettered again, marked").allSatisfy(record ->
                assertThat(new String(record.headers().lastHeader("assay-replay-count").value(), StandardCharsets.UTF_8)).isEqualTo("1"));

        // everything since the first replay failed again after it: nothing goes back
        JsonPath second = replay("?topic=" + Topics.RESULTS);
        assertThat(second.getInt("replayed")).as("records replayed a second time").isZero();
        assertThat(second.getInt("failed_again")).isGreaterThanOrEqualTo(3);

        JsonPath listed = given().when().get("/api/dead-letters?topic=" + Topics.RESULTS + "&limit=1000")
                .then().statusCode(200).extract().jsonPath();
        List<Map<String, Object>> ours = listed.<Map<String, Object>>getList("dead_letters").stream()
                .filter(letter -> key.equals(letter.get("key"))).toList();
        assertThat(ours).extracting(letter -> letter.get("replays")).containsExactly(0, 0, 0, 1, 1, 1);
        assertThat(ours).allSatisfy(letter -> {
            assertThat((String) letter.get("reason")).startsWith("not a valid VerificationResult");
            assertThat(letter.get("value_prefix")).asString().startsWith("{\"schema_version\":1,\"not_a_result\":");
            assertThat(letter.get("value_encoding")).isEqualTo("utf-8");
            assertThat(letter.get("truncated")).isEqualTo(false);
            assertThat(letter.get("size_bytes")).isEqualTo(37);
            assertThat(letter.get("time")).isNotNull();
            assertThat(letter).doesNotContainKeys("value", "headers");
            @SuppressWarnings("unchecked")
            Map<String, Object> origin = (Map<String, Object>) letter.get("origin");
            assertThat(origin.get("topic")).isEqualTo(Topics.RESULTS);
            assertThat(origin.get("partition")).isNotNull();
            assertThat(origin.get("offset")).isNotNull();
        });
        assertThat(listed.getLong("total")).isGreaterThanOrEqualTo(6);

        // a replay passed them over, so only one from the beginning reaches them again; asked for, they go back
        // (the originals once more, the failed copies as their second replay) and each fails again
        JsonPath third = replay("?from_beginning=true&topic=" + Topics.RESULTS + "&include_failed_replays=true");
        assertThat(third.getInt("replayed")).isGreaterThanOrEqualTo(6);
        assertThat(third.getInt("failed_again")).isZero();
        List<ConsumerRecord<String, String>> afterThree = dead(key, 12);
        assertThat(afterThree).hasSize(12);
        assertThat(afterThree.subList(6, 12)).extracting(record ->
                new String(record.headers().lastHeader("assay-replay-count").value(), StandardCharsets.UTF_8))
                .containsExactlyInAnyOrder("1", "1", "1", "2", "2", "2");
    }

    @Test
    void oneDeadLetterIsReadWholeAndANonUtf8ValueAsBase64() {
        String key = "bytes-" + UUID.randomUUID();
        byte[] value = {'{', (byte) 0xff, (byte) 0xfe, '}'};
        deadLetter(key, value, Map.of("dead-letter-reason", "not JSON, expected a VerificationJob", "dead-letter-topic", Topics.JOBS,
                "dead-letter-partition", "2", "dead-letter-offset", "41"));

        Map<String, Object> listed = listedByKey(key, Topics.JOBS);
        assertThat(listed.get("value_encoding")).isEqualTo("base64");
        assertThat(listed.get("value_prefix")).isEqualTo(Base64.getEncoder().encodeToString(value));
        assertThat(listed.get("size_bytes")).isEqualTo(4);
        assertThat(listed.get("origin")).isEqualTo(Map.of("topic", Topics.JOBS, "partition", 2, "offset", 41));

        JsonPath whole = given().when().get("/api/dead-letters/" + listed.get("partition") + "/" + listed.get("offset"))
                .then().statusCode(200).extract().jsonPath();
        assertThat(whole.getString("key")).isEqualTo(key);
        assertThat(whole.getString("reason")).isEqualTo("not JSON, expected a VerificationJob");
        assertThat(Base64.getDecoder().decode(whole.getString("value"))).as("the bytes, unaltered").isEqualTo(value);
        assertThat(whole.getString("headers.'dead-letter-topic'")).isEqualTo(Topics.JOBS);

        given().when().get("/api/dead-letters/0/999999999").then().statusCode(404)
                .body("errors[0]", startsWith("no dead letter at 0:999999999 of assay.dlq"));
        given().when().get("/api/dead-letters?limit=0").then().statusCode(400).body("errors[0]", startsWith("limit: must be between 1 and 1000"));
    }

    /** A record too large to dead-letter whole arrives as an envelope: listed from what it says, never replayed. */
    @Test
    void anEnvelopeIsListedFromItsFieldsAndNotReplayed() {
        String key = "envelope-" + UUID.randomUUID();
        String envelope = "{\"schema_version\":1,\"envelope\":true,\"reason\":\"the record is too large to dead-letter whole\","
                + "\"topic\":\"assay.answers\",\"partition\":1,\"offset\":77,\"size_bytes\":1049065,"
                + "\"value_prefix\":\"{\\\"schema_version\\\":1,\\\"run_id\\\"\",\"value_encoding\":\"utf-8\",\"truncated\":true}";
        deadLetter(key, envelope.getBytes(StandardCharsets.UTF_8), Map.of("dead-letter-envelope", "true", "dead-letter-topic", Topics.ANSWERS));

        Map<String, Object> listed = listedByKey(key, Topics.ANSWERS);
        assertThat(listed.get("envelope")).isEqualTo(true);
        assertThat(listed.get("reason")).isEqualTo("the record is too large to dead-letter whole");
        assertThat(listed.get("size_bytes")).isEqualTo(1049065);
        assertThat(listed.get("value_prefix")).isEqualTo("{\"schema_version\":1,\"run_id\"");
        assertThat(listed.get("truncated")).isEqualTo(true);
        assertThat(listed.get("origin")).isEqualTo(Map.of("topic", Topics.ANSWERS, "partition", 1, "offset", 77));

        JsonPath replayed = replay("?from_beginning=true&topic=" + Topics.ANSWERS);
        assertThat(replayed.getInt("replayed")).as("an envelope holds no whole record to send back").isZero();
    }

    private static Map<String, Object> listedByKey(String key, String topic) {
        List<Map<String, Object>> letters = given().when().get("/api/dead-letters?topic=" + topic + "&limit=1000")
                .then().statusCode(200).extract().jsonPath().getList("dead_letters");
        return letters.stream().filter(letter -> key.equals(letter.get("key"))).findFirst()
                .orElseThrow(() -> new AssertionError("no dead letter with key " + key + " listed from " + topic + ": " + letters));
    }

    private static List<ConsumerRecord<String, String>> dead(String key, int count) {
        return KafkaClients.read(Topics.DLQ, record -> key.equals(record.key()), count, WAIT);
    }

    private static JsonPath replay(String query) {
        return given().when().post("/api/dlq/replay" + query).then().statusCode(200).extract().jsonPath();
    }

    private static void deadLetter(String key, byte[] value, Map<String, String> headers) {
        Map<String, Object> config = KafkaBrokerResource.clientConfig();
        config.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        config.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(config)) {
            ProducerRecord<byte[], byte[]> record = new ProducerRecord<>(Topics.DLQ, key.getBytes(StandardCharsets.UTF_8), value);
            headers.forEach((name, text) -> record.headers().add(name, text.getBytes(StandardCharsets.UTF_8)));
            producer.send(record).get();
        } catch (Exception e) {
            throw new IllegalStateException("cannot publish to " + Topics.DLQ, e);
        }
    }
}
