package dev.assay.generation;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import org.junit.jupiter.api.Test;

import dev.assay.testsupport.KafkaBrokerResource;
import dev.assay.testsupport.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;

/** The service boots against a real Kafka broker and a real PostgreSQL, and reports itself ready. */
@QuarkusTest
@QuarkusTestResource(KafkaBrokerResource.class)
@QuarkusTestResource(PostgresResource.class)
class ServiceStartupTest {

    private static final String KAFKA_CHECK = "checks.find { it.name == 'Kafka connection health check' }";
    private static final String DATABASE_CHECK = "checks.find { it.name == 'Database connections health check' }";

    @Test
    void isReadyWithKafkaAndTheDatabaseUp() {
        given()
                .when().get("/q/health/ready")
                .then().log().ifValidationFails()
                .statusCode(200)
                .body("status", equalTo("UP"))
                .body(KAFKA_CHECK + ".status", equalTo("UP"))
                // The check must have reached the test broker, not some other Kafka.
                .body(KAFKA_CHECK + ".data.nodes", equalTo(KafkaBrokerResource.bootstrapServers()))
                .body(DATABASE_CHECK + ".status", equalTo("UP"))
                .body(DATABASE_CHECK + ".data.'<default>'", equalTo("UP"));
    }
}
