package dev.assay.generation.rest;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.notNullValue;

import dev.assay.testsupport.KafkaBrokerResource;
import dev.assay.testsupport.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

/** The OpenAPI document lists every endpoint of the run API, and Swagger UI is served. */
@QuarkusTest
@QuarkusTestResource(KafkaBrokerResource.class)
@QuarkusTestResource(PostgresResource.class)
class OpenApiTest {

    @Test
    void theDocumentDescribesEveryEndpoint() {
        given().accept("application/json").when().get("/q/openapi")
                .then().statusCode(200)
                .body("info.title", containsString("Assay run API"))
                .body("paths", hasKey("/api/runs"))
                .body("paths", hasKey("/api/runs/{id}"))
                .body("paths", hasKey("/api/runs/{id}/results"))
                .body("paths", hasKey("/api/runs/{id}/events"))
                .body("paths.'/api/runs'.post.requestBody.content", hasKey("application/yaml"))
                .body("paths.'/api/runs'.post.responses", hasKey("202"))
                .body("paths.'/api/runs'.post.responses", hasKey("400"))
                .body("paths.'/api/runs/{id}/results'.get.parameters.find { it.name == 'verdict' }", notNullValue())
                // the schemas name fields as the wire does (snake_case)
                .body("components.schemas.RunSubmission.properties", hasKey("expected_results"))
                .body("components.schemas.RunCounts.properties", hasKey("by_status"))
                .body("components.schemas.VerificationResult.properties", hasKey("result_id"))
                .body("components.schemas.ModelConfig.properties", hasKey("api_key_env"));
    }

    @Test
    void swaggerUiIsServed() {
        given().when().get("/q/swagger-ui/")
                .then().statusCode(200)
                .body(containsString("swagger"));
    }
}
