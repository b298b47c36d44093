package dev.assay.generation.rest;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.startsWith;

import dev.assay.generation.TestRuns;
import dev.assay.testsupport.Eventually;
import dev.assay.testsupport.KafkaBrokerResource;
import dev.assay.testsupport.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

/** When the broker does not take the jobs, the run (accepted with 202) is kept, marked failed with the reason. */
@QuarkusTest
@QuarkusTestResource(KafkaBrokerResource.class)
@QuarkusTestResource(PostgresResource.class)
@TestProfile(PublishFailureTest.UnpublishableJobs.class)
class PublishFailureTest {

    /** A topic name the broker refuses: every send fails. */
    public static class UnpublishableJobs implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of(
                    "mp.messaging.outgoing.jobs-out.topic", "assay.jobs/not a valid topic",
                    "mp.messaging.outgoing.jobs-out.max.block.ms", "3000",
                    "assay.api.publish-timeout", "10s");
        }
    }

    @Test
    void theRunIsAcceptedThenMarkedFailedWithTheReason() {
        // accepted once stored: publishing comes after the 202, and its failure is the run's status and error
        String runId = given().contentType(ContentType.JSON).body(TestRuns.bodyJson())
                .when().post("/api/runs")
                .then().log().ifValidationFails()
                .statusCode(202)
                .extract().path("run_id");
        String status = Eventually.await(Duration.ofSeconds(60),
                () -> given().when().get("/api/runs/" + runId).then().statusCode(200).extract().<String>path("status"),
                "failed"::equals, "run " + runId + " to be marked failed");
        assertThat(status).isEqualTo("failed");
        given().when().get("/api/runs/" + runId)
                .then().statusCode(200)
                .body("status", equalTo("failed"))
                .body("error", startsWith("jobs could not be published: "))
                .body("finished_at", notNullValue())
                .body("counts.expected", equalTo(8));
    }
}
