package dev.assay.generation.rest;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.json.Json;
import dev.assay.common.pipeline.RubricOutcome;
import dev.assay.common.pipeline.Topics;
import dev.assay.common.pipeline.VerificationJob;
import dev.assay.common.pipeline.VerificationResult;
import dev.assay.common.port.UsageMetadata;
import dev.assay.common.run.ModelConfig;
import dev.assay.testsupport.Eventually;
import dev.assay.generation.KafkaClients;
import dev.assay.generation.TestRuns;
import dev.assay.generation.TestRuns.Outcome;
import dev.assay.testsupport.KafkaBrokerResource;
import dev.assay.testsupport.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * GET /api/runs, /api/runs/{id} and /api/runs/{id}/results over a run submitted through the API
 * whose eight results (passed, failed, error, abstained) arrive on assay.results.
 */
@QuarkusTest
@QuarkusTestResource(KafkaBrokerResource.class)
@QuarkusTestResource(PostgresResource.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RunQueryTest {

    private String runId;
    private final List<VerificationResult> published = new ArrayList<>();

    /** Once per class, in the first @BeforeEach: Rest Assured learns the application's port only then. */
    @BeforeEach
    void submitARunAndDeliverEveryResult() {
        if (runId != null) {
            return;
        }
        runId = submit();
        for (VerificationJob job : TestRuns.jobs(runId)) {
            for (ModelConfig judge : job.judges()) {
                VerificationResult result = TestRuns.result(job, judge, outcome(job, judge));
                published.add(result);
                KafkaClients.publish(Topics.RESULTS, result.resultId(), Json.write(result));
            }
        }
        Eventually.await(Duration.ofSeconds(30), () -> given().get("/api/runs/" + runId).jsonPath().getString("status"),
                "completed"::equals, "run " + runId + " to complete");
    }

    /** fr: passed; de with gpt-4o: failed; de with gpt-4o-mini: error (judge-1) and abstained (claude-judge). */
    private static Outcome outcome(VerificationJob job, ModelConfig judge) {
        if (job.question().id().equals("fr")) {
            return Outcome.PASSED;
        }
        if (job.answeringModel().model().equals("gpt-4o")) {
            return Outcome.FAILED;
        }
        return judge.model().equals("judge-1") ? Outcome.ERROR : Outcome.ABSTAINED;
    }

    @Test
    void aRunShowsItsStatusCountsTimestampsAndUsageTotals() {
        UsageMetadata total = published.stream().map(result -> result.usage().get(VerificationResult.TOTAL))
                .reduce(UsageMetadata.EMPTY, UsageMetadata::plus);
        String json = given().when().get("/api/runs/" + runId)
                .then().log().ifValidationFails()
                .statusCode(200)
                .body("run_id", equalTo(runId))
                .body("name", equalTo("capitals-smoke"))
                .body("source", equalTo("api"))
                .body("status", equalTo("completed"))
                .body("counts.jobs", equalTo(4))
                .body("counts.expected", equalTo(8))
                .body("counts.done", equalTo(8))
                .body("counts.pending", equalTo(0))
                .body("counts.failed", equalTo(1))
                .body("counts.by_status", equalTo(Map.of("passed", 4, "failed", 2, "scored", 0, "abstained", 1, "insufficient", 0, "error", 1)))
                .body("usage.input_tokens", equalTo(total.inputTokens().intValue()))
                .body("usage.output_tokens", equalTo(total.outputTokens().intValue()))
                .body("usage.total_tokens", equalTo(total.totalTokens().intValue()))
                .body("usage.cost_usd", nullValue())
                .body("created_at", notNullValue())
                .body("finished_at", notNullValue())
                .body("error", nullValue())
                .extract().asString();
        System.out.println("GET /api/runs/{id}: " + json);
        JsonPath run = JsonPath.from(json);
        assertThat(run.getString("finished_at")).isGreaterThanOrEqualTo(run.getString("created_at"));
        assertThat(run.getString("updated_at")).isGreaterThanOrEqualTo(run.getString("finished_at"));
    }

    @Test
    void runsAreListedNewestFirst() {
        String newer = submit();
        JsonPath page = given().when().get("/api/runs?size=500")
                .then().statusCode(200)
                .body("page", equalTo(0))
                .body("size", equalTo(500))
                .extract().jsonPath();
        List<String> ids = page.getList("runs.run_id", String.class);
        assertThat(ids).contains(newer, runId);
        assertThat(ids.indexOf(newer)).isLessThan(ids.indexOf(runId));
        List<String> created = page.getList("runs.created_at", String.class);
        assertThat(created).isSortedAccordingTo((a, b) -> b.compareTo(a));
        assertThat(page.getLong("total")).isGreaterThanOrEqualTo(2);
        // the listed summary is the same as the run's own
        assertThat(page.getMap("runs.find { it.run_id == '" + runId + "' }.counts"))
                .containsEntry("done", 8).containsEntry("failed", 1);

        given().when().get("/api/runs?size=1").then().statusCode(200).body("runs", hasSize(1)).body("runs[0].run_id", equalTo(newer));
        System.out.println("GET /api/runs?size=1: " + given().get("/api/runs?size=1").asString());
    }

    @Test
    void resultsAreTheFullRecordsAsPublished() throws Exception {
        String body = given().when().get("/api/runs/" + runId + "/results")
                .then().statusCode(200)
                .body("run_id", equalTo(runId))
                .body("page", equalTo(0))
                .body("size", equalTo(50))
                .body("total", equalTo(8))
                .body("total_pages", equalTo(1))
                .body("results", hasSize(8))
                .extract().asString();
        Map<String, VerificationResult> returned = new HashMap<>();
        for (JsonNode item : Json.mapper().readTree(body).get("results")) {
            // jsonb reorders keys; the API gives them back in pipeline order, as published
            assertThat(item.get("usage").fieldNames()).toIterable().containsExactly("generation", "parsing", "rubric", "total");
            assertThat(item.get("timings_ms").fieldNames()).toIterable().containsExactly("generation", "parsing", "rubric");
            VerificationResult result = Json.mapper().treeToValue(item, VerificationResult.class);
            returned.put(result.resultId(), result);
        }
        for (VerificationResult expected : published) {
            // the same record, every field (calls with their prompts, usage, timings) included;
            // a round trip makes number nodes in `parsed` compare alike
            assertThat(returned.get(expected.resultId())).isEqualTo(Json.read(Json.write(expected), VerificationResult.class));
        }
    }

    @Test
    void resultsFilterByQuestionModelJudgeAndVerdict() {
        assertThat(resultIds("question=fr")).hasSize(4);
        assertThat(resultIds("model=openai:gpt-4o")).hasSize(4);
        assertThat(resultIds("judge=anthropic:claude-judge")).hasSize(4);
        assertThat(resultIds("verdict=passed")).hasSize(4);
        assertThat(resultIds("verdict=failed")).hasSize(2);
        assertThat(resultIds("verdict=scored")).isEmpty();
        assertThat(resultIds("question=de&model=openai:gpt-4o-mini&verdict=error")).hasSize(1);
        given().when().get("/api/runs/" + runId + "/results?question=de&model=openai:gpt-4o-mini&judge=anthropic:claude-judge")
                .then().statusCode(200)
                .body("total", equalTo(1))
                .body("results[0].status", equalTo("abstained"))
                .body("results[0].question_id", equalTo("de"))
                .body("results[0].answering_model", equalTo("openai:gpt-4o-mini"))
                .body("results[0].judge", equalTo("anthropic:claude-judge"))
                .body("results[0].failure.category", equalTo("abstained"));
        String example = given().get("/api/runs/" + runId + "/results?question=fr&model=openai:gpt-4o&judge=openai:judge-1").asString();
        System.out.println("GET /api/runs/{id}/results?question=fr&model=openai:gpt-4o&judge=openai:judge-1: " + example);
    }

    @Test
    void resultsArePagedWithoutGapsOrRepeats() {
        Set<String> seen = new HashSet<>();
        for (int page = 0; page < 3; page++) {
            JsonPath body = given().when().get("/api/runs/" + runId + "/results?size=3&page=" + page)
                    .then().statusCode(200)
                    .body("total", equalTo(8))
                    .body("total_pages", equalTo(3))
                    .body("page", equalTo(page))
                    .extract().jsonPath();
            List<String> ids = body.getList("results.result_id", String.class);
            assertThat(ids).hasSize(page < 2 ? 3 : 2);
            ids.forEach(id -> assertThat(seen.add(id)).as("repeated " + id).isTrue());
        }
        assertThat(seen).containsExactlyInAnyOrderElementsOf(published.stream().map(VerificationResult::resultId).toList());
        given().when().get("/api/runs/" + runId + "/results?size=3&page=3").then().statusCode(200).body("results", hasSize(0));
    }

    @Test
    void aRunsCostsAreSummedInItsSummaryAndInTheList() {
        String priced = submit();
        BigDecimal each = new BigDecimal("0.0125");
        int count = 0;
        for (VerificationJob job : TestRuns.jobs(priced)) {
            for (ModelConfig judge : job.judges()) {
                RubricOutcome rubric = new RubricOutcome(List.of(), List.of(), UsageMetadata.of(judge.model(), 3, 1).withCostUsd(each), 5,
                        null);
                VerificationResult result = TestRuns.result(job, judge, Outcome.PASSED, rubric);
                KafkaClients.publish(Topics.RESULTS, result.resultId(), Json.write(result));
                count++;
            }
        }
        Eventually.await(Duration.ofSeconds(30), () -> given().get("/api/runs/" + priced).jsonPath().getString("status"),
                "completed"::equals, "run " + priced + " to complete");
        BigDecimal total = each.multiply(BigDecimal.valueOf(count));
        JsonPath run = given().when().get("/api/runs/" + priced).then().statusCode(200).extract().jsonPath();
        assertThat(new BigDecimal(run.getString("usage.cost_usd"))).isEqualByComparingTo(total);
        assertThat(run.getInt("counts.by_status.passed")).isEqualTo(count);
        // the listed summary sums them the same way
        JsonPath page = given().when().get("/api/runs?size=500").then().statusCode(200).extract().jsonPath();
        assertThat(new BigDecimal(page.getString("runs.find { it.run_id == '" + priced + "' }.usage.cost_usd")))
                .isEqualByComparingTo(total);
        assertThat(page.getLong("runs.find { it.run_id == '" + priced + "' }.usage.total_tokens"))
                .isEqualTo(run.getLong("usage.total_tokens"));
    }

    @Test
    void badFiltersAndPagingAreRejectedWithTheirPath() {
        given().when().get("/api/runs/" + runId + "/results?verdict=pased")
                .then().statusCode(400).contentType(ContentType.JSON)
                .body("errors", contains("verdict: unknown result status \"pased\" (did you mean \"passed\"?); "
                        + "expected one of passed, failed, scored, abstained, insufficient, error"));
        given().when().get("/api/runs/" + runId + "/results?size=501")
                .then().statusCode(400).body("errors", contains("size: must be between 1 and 500, got 501"));
        given().when().get("/api/runs?size=0")
                .then().statusCode(400).body("errors", contains("size: must be between 1 and 500, got 0"));
        given().when().get("/api/runs?page=-1")
                .then().statusCode(400).body("errors", contains("page: must be 0 or more (pages count from 0), got -1"));
    }

    @Test
    void anUnknownRunIsA404WithAClearMessage() {
        String message = "run \"run-nope\" not found: it was neither submitted here nor has any result been stored for it";
        for (String path : List.of("/api/runs/run-nope", "/api/runs/run-nope/results", "/api/runs/run-nope/events")) {
            given().when().get(path)
                    .then().log().ifValidationFails()
                    .statusCode(404)
                    .contentType(ContentType.JSON)
                    .body("errors", contains(message));
        }
    }

    private List<String> resultIds(String query) {
        return given().when().get("/api/runs/" + runId + "/results?" + query)
                .then().statusCode(200)
                .extract().jsonPath().getList("results.result_id", String.class);
    }

    static String submit() {
        return given().contentType(ContentType.JSON).body(TestRuns.bodyJson())
                .when().post("/api/runs")
                .then().statusCode(202)
                .extract().path("run_id");
    }
}
