package dev.assay.generation.messaging;

import dev.assay.testsupport.Eventually;
import dev.assay.testsupport.KafkaBrokerResource;
import dev.assay.testsupport.PostgresResource;
import dev.assay.testsupport.TopicClient;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A consumer that stops is reported by liveness, naming its channel (docs/messaging.md, "Dead letters"): here
 * the jobs consumer's dead letters cannot be sent at all (the dead-letter topic's name is invalid, as a broker
 * that stays away would make them fail), so the {@code assay-dead-letter} strategy fails the channel instead of
 * committing a record it could not keep, and {@code /q/health/live} turns DOWN with {@code jobs} in it.
 */
@QuarkusTest
@TestProfile(DeadConsumerLivenessTest.UnsendableDeadLetters.class)
@QuarkusTestResource(KafkaBrokerResource.class)
@QuarkusTestResource(PostgresResource.class)
class DeadConsumerLivenessTest {

    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final String JOBS = "assay.jobs.liveness-test";

    /** The jobs channel on a topic and group of its own, dead-lettering to a topic no broker accepts. */
    public static class UnsendableDeadLetters implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of(
                    "mp.messaging.incoming.jobs.topic", JOBS,
                    "mp.messaging.incoming.jobs.group.id", "assay-generation-liveness-test",
                    "mp.messaging.incoming.jobs.dead-letter-queue.topic", "assay.dlq!not-a-topic-name");
        }
    }

    @Test
    void aConsumerWhoseDeadLettersCannotBeSentIsReportedDownByLivenessWithItsChannel() {
        given().when().get("/q/health/live").then().statusCode(200);

        TopicClient.publish(JOBS, "poison", "not a job {");

        Response live = Eventually.await(WAIT, () -> given().when().get("/q/health/live"),
                response -> response.statusCode() == 503, "liveness to turn DOWN");
        assertThat(live.jsonPath().getString("status")).isEqualTo("DOWN");
        assertThat(live.asString()).as(live.asString()).contains("\"jobs\"").contains("[KO]");
    }
}
