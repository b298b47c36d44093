package dev.assay.generation.rest;

import dev.assay.common.json.Json;
import dev.assay.common.pipeline.RubricOutcome;
import dev.assay.common.pipeline.Topics;
import dev.assay.common.pipeline.TraitScore;
import dev.assay.common.pipeline.VerificationJob;
import dev.assay.common.pipeline.VerificationResult;
import dev.assay.common.port.UsageMetadata;
import dev.assay.common.run.ModelConfig;
import dev.assay.generation.KafkaClients;
import dev.assay.generation.TestRuns;
import dev.assay.generation.TestRuns.Outcome;
import dev.assay.testsupport.Eventually;
import dev.assay.testsupport.KafkaBrokerResource;
import dev.assay.testsupport.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * GET /api/runs/{id}/matrix, what the web viewer reads: the benchmark and config as submitted, the
 * questions in benchmark order, every result as a cell with what PostgreSQL extracts from its document.
 */
@QuarkusTest
@QuarkusTestResource(KafkaBrokerResource.class)
@QuarkusTestResource(PostgresResource.class)
class RunMatrixTest {

    @Test
    void everyResultIsACellWithItsVerdictFailureTraitsAndUsage() {
        String runId = given().contentType("application/json").body(TestRuns.bodyJson()).post("/api/runs")
                .then().statusCode(202).extract().path("run_id");
        List<VerificationJob> jobs = TestRuns.jobs(runId);
        for (VerificationJob job : jobs) {
            for (ModelConfig judge : job.judges()) {
                boolean mini = job.answeringModel().model().equals("gpt-4o-mini");
                boolean de = job.question().id().equals("de");
                Outcome outcome = mini && de ? Outcome.ERROR : de ? Outcome.FAILED : Outcome.PASSED;
                RubricOutcome rubric = new RubricOutcome(List.of(TraitScore.verdict("concise", "boolean", !mini),
                        TraitScore.scored("depth", "score", 3.0), TraitScore.failed("tone", "literal", "judge answered nonsense")),
                        List.of(), UsageMetadata.EMPTY, 5, null);
                VerificationResult result = TestRuns.result(job, judge, outcome, rubric);
                KafkaClients.publish(Topics.RESULTS, result.resultId(), Json.write(result));
            }
        }
        Eventually.await(Duration.ofSeconds(30), () -> given().get("/api/runs/" + runId).jsonPath().getString("status"),
                "completed"::equals, "run " + runId + " to complete");

        String body = given().get("/api/runs/" + runId + "/matrix").then().statusCode(200).extract().asString();
        System.out.println("GET /api/runs/{id}/matrix: " + body);
        JsonPath matrix = JsonPath.from(body);

        assertThat(matrix.getString("run.run_id")).isEqualTo(runId);
        assertThat(matrix.getString("run.status")).isEqualTo("completed");
        assertThat(matrix.getString("benchmark")).isEqualTo("capitals");
        assertThat(matrix.getString("config.name")).isEqualTo("capitals-smoke");
        assertThat(matrix.getString("config.evaluation_mode")).isEqualTo("template_only");
        assertThat(matrix.getList("config.answering_models.model")).containsExactly("gpt-4o", "gpt-4o-mini");
        assertThat(matrix.getList("questions.id")).containsExactly("fr", "de");
        assertThat(matrix.getString("questions[0].question")).isEqualTo("What is the capital of France?");
        assertThat(matrix.getList("cells")).hasSize(8);
        assertThat(body).doesNotContain("\"response\"").doesNotContain("\"messages\"");

        String errorCell = "cells.find { it.question_id == 'de' && it.answering_model == 'openai:gpt-4o-mini' && it.judge == 'openai:judge-1' }";
        assertThat(matrix.getString(errorCell + ".status")).isEqualTo("error");
        assertThat(matrix.getString(errorCell + ".failure_category")).isEqualTo("retry");
        assertThat(matrix.getString(errorCell + ".failure_stage")).isEqualTo("generation");

        String passCell = "cells.find { it.question_id == 'fr' && it.answering_model == 'openai:gpt-4o' && it.judge == 'openai:judge-1' }";
        assertThat(matrix.getString(passCell + ".status")).isEqualTo("passed");
        assertThat(matrix.getInt(passCell + ".replicate")).isEqualTo(1);
        assertThat(matrix.getString(passCell + ".failure_category")).isNull();
        assertThat(matrix.getList(passCell + ".traits", Map.class)).containsExactly(
                Map.of("name", "concise", "passed", true), Map.of("name", "depth", "score", 3.0f), Map.of("name", "tone", "error", true));
        // generation 12 + 8 tokens, parsing 30 + 10; 430 + 210 + 5 ms of stage time
        assertThat(matrix.getLong(passCell + ".total_tokens")).isEqualTo(60L);
        assertThat(matrix.getLong(passCell + ".latency_ms")).isEqualTo(645L);

        JsonPath headline = given().get("/api/runs/" + runId + "/matrix?cells=false").then().statusCode(200).extract().jsonPath();
        assertThat(headline.getString("benchmark")).isEqualTo("capitals");
        assertThat(headline.getList("cells")).isEmpty();
    }

    @Test
    void anUnknownRunIs404() {
        given().get("/api/runs/run-nope/matrix").then().statusCode(404);
    }
}
