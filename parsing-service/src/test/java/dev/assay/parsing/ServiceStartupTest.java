package dev.assay.parsing;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import org.junit.jupiter.api.Test;

import dev.assay.testsupport.KafkaBrokerResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;

/** The service boots against a real Kafka broker and reports itself ready. */
@QuarkusTest
@QuarkusTestResource(KafkaBrokerResource.class)
class ServiceStartupTest {

    private static final String KAFKA_CHECK = "checks.find { it.name == 'Kafka connection health check' }";

    @Test
    void isReadyWithKafkaUp() {
        given()
                .when().get("/q/health/ready")
                .then().log().ifValidationFails()
                .statusCode(200)
                .body("status", equalTo("UP"))
                .body(KAFKA_CHECK + ".status", equalTo("UP"))
                // The check must have reached the test broker, not some other Kafka.
                .body(KAFKA_CHECK + ".data.nodes", equalTo(KafkaBrokerResource.bootstrapServers()));
    }
}
