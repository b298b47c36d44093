package dev.assay.it;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.json.Json;
import dev.assay.testsupport.Eventually;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;

import java.time.Duration;
import java.util.function.Supplier;

/** The run API as the end-to-end tests use it: submit, wait for completion, read results. */
final class RunApi {

    private RunApi() {
    }

    /** POST /api/runs; the 202 submission. */
    static JsonNode submit(String body) {
        return read(RestAssured.given().contentType(ContentType.JSON).body(body)
                .when().post("/api/runs").then().statusCode(202).extract().asString());
    }

    static JsonNode run(String runId) {
        return read(RestAssured.get("/api/runs/" + runId).then().statusCode(200).extract().asString());
    }

    /** The run once it is completed; on a time-out the error carries {@code diagnostics} (e.g. service logs). */
    static JsonNode awaitCompleted(String runId, Duration timeout, Supplier<String> diagnostics) {
        try {
            return Eventually.await(timeout, () -> run(runId), run -> "completed".equals(run.get("status").asText()),
                    "run " + runId + " to complete");
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + diagnostics.get(), e);
        }
    }

    /** The first page of up to 100 results, with {@code total}. */
    static JsonNode results(String runId) {
        return read(RestAssured.given().queryParam("size", 100)
                .when().get("/api/runs/" + runId + "/results").then().statusCode(200).extract().asString());
    }

    static JsonNode result(String runId, String resultId) {
        for (JsonNode result : results(runId).get("results")) {
            if (result.get("result_id").asText().equals(resultId)) {
                return result;
            }
        }
        throw new AssertionError("no stored result " + resultId + " in run " + runId);
    }

    private static JsonNode read(String json) {
        return Json.read(json, JsonNode.class);
    }
}
