package dev.assay.generation.rest;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.startsWith;

import dev.assay.generation.TestRuns;
import dev.assay.testsupport.KafkaBrokerResource;
import dev.assay.testsupport.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.Test;

import java.util.Map;

/** When the broker does not take the jobs, the submit answers 503 and the run is kept, marked failed with the reason. */
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
    void theRunIsMarkedFailedAndTheClientToldWhy() {
        String error = given().contentType(ContentType.JSON).body(TestRuns.bodyJson())
                .when().post("/api/runs")
                .then().log().ifValidationFails()
                .statusCode(503)
                .body("errors", hasSize(1))
                .body("errors[0]", startsWith("run \"run-"))
                .extract().path("errors[0]");
        System.out.println("503 error: " + error);
        String runId = error.substring("run \"".length(), error.indexOf('"', "run \"".length()));
        given().when().get("/api/runs/" + runId)
                .then().statusCode(200)
                .body("status", equalTo("failed"))
                .body("error", startsWith("jobs could not be published: "))
                .body("finished_at", notNullValue())
                .body("counts.expected", equalTo(8));
    }
}
