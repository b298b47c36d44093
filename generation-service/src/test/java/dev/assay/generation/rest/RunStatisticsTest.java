package dev.assay.generation.rest;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.hamcrest.Matchers.equalTo;

import dev.assay.common.json.Json;
import dev.assay.common.pipeline.Topics;
import dev.assay.common.pipeline.VerificationJob;
import dev.assay.common.pipeline.VerificationResult;
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
import io.restassured.path.json.config.JsonPathConfig;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * GET /api/runs/{id}/statistics over a run with three replicates (2 questions × 2 answering
 * models × 3 replicates, one judge: 12 results), with outcomes chosen so every figure is computed
 * by hand:
 * <pre>
 *              fr            de
 * gpt-4o       P P P         P F P        question means 1, 2/3
 * gpt-4o-mini  P F error     F F F        question means 1/2 (2 verdicts), 0
 * </pre>
 */
@QuarkusTest
@QuarkusTestResource(KafkaBrokerResource.class)
@QuarkusTestResource(PostgresResource.class)
class RunStatisticsTest {

    private static final String CONFIG_YAML = """
            name: capitals-replicated
            answering_models:
              - {interface: openai, model: gpt-4o, base_url: "http://127.0.0.1:9/v1", api_key_env: OPENAI_API_KEY}
              - {interface: openai, model: gpt-4o-mini, base_url: "http://127.0.0.1:9/v1", api_key_env: OPENAI_API_KEY}
            judges:
              - {interface: openai, model: judge-1, base_url: "http://127.0.0.1:9/v1"}
            replicates: 3
            evaluation_mode: template_only
            """;

    private static final String BIG = "openai:gpt-4o";
    private static final String MINI = "openai:gpt-4o-mini";
    private static final double EPS = 1e-9;

    /** Outcomes per answering model and question, replicate 1 to 3. */
    private static final Map<String, Map<String, List<Outcome>>> OUTCOMES = Map.of(
            "gpt-4o", Map.of("fr", List.of(Outcome.PASSED, Outcome.PASSED, Outcome.PASSED),
                    "de", List.of(Outcome.PASSED, Outcome.FAILED, Outcome.PASSED)),
            "gpt-4o-mini", Map.of("fr", List.of(Outcome.PASSED, Outcome.FAILED, Outcome.ERROR),
                    "de", List.of(Outcome.FAILED, Outcome.FAILED, Outcome.FAILED)));

    @Test
    void replicateStatisticsPerModelAndJudgeAndPerQuestion() {
        String runId = given().contentType("application/json").body(TestRuns.bodyJson(CONFIG_YAML)).post("/api/runs")
                .then().statusCode(202).body("replicates", equalTo(3)).extract().path("run_id");
        // before any result is stored, the replicates recorded with the run are what counts
        given().get("/api/runs/" + runId + "/statistics").then().statusCode(200).body("replicates", equalTo(3));
        List<VerificationJob> jobs = TestRuns.jobs(runId, CONFIG_YAML);
        assertThat(jobs).hasSize(12);
        for (VerificationJob job : jobs) {
            Outcome outcome = OUTCOMES.get(job.answeringModel().model()).get(job.question().id()).get(job.replicate() - 1);
            for (ModelConfig judge : job.judges()) {
                VerificationResult result = TestRuns.result(job, judge, outcome);
                KafkaClients.publish(Topics.RESULTS, result.resultId(), Json.write(result));
            }
        }
        Eventually.await(Duration.ofSeconds(30), () -> given().get("/api/runs/" + runId).jsonPath().getString("status"),
                "completed"::equals, "run " + runId + " to complete");

        String body = given().get("/api/runs/" + runId + "/statistics").then().statusCode(200)
                .body("run_id", equalTo(runId)).extract().asString();
        System.out.println("GET /api/runs/{id}/statistics: " + body);
        // doubles, not RestAssured's default floats: the figures are checked to 1e-9
        JsonPath statistics = JsonPath.from(body).using(new JsonPathConfig(JsonPathConfig.NumberReturnType.DOUBLE));

        assertThat(statistics.getInt("replicates")).isEqualTo(3);
        assertThat(statistics.getList("groups")).hasSize(2);
        assertThat(statistics.getString("groups[0].answering_model")).isEqualTo(BIG);
        assertThat(statistics.getString("groups[0].judge")).isEqualTo("openai:judge-1");

        String big = "groups.find { it.answering_model == '" + BIG + "' }";
        assertThat(statistics.getInt(big + ".questions")).isEqualTo(2);
        assertThat(statistics.getInt(big + ".verdicts")).isEqualTo(6);
        assertThat(statistics.getMap(big + ".excluded")).isEmpty();
        // question means 1 and 2/3: mean 5/6; sample sd √(2 · (1/6)² / 1) = √2 / 6; SE = that / √2 = 1/6
        assertThat(statistics.getDouble(big + ".pass_rate")).isCloseTo(5.0 / 6, within(EPS));
        assertThat(statistics.getDouble(big + ".pass_rate_standard_error")).isCloseTo(1.0 / 6, within(EPS));
        assertThat(statistics.getString(big + ".standard_error_method")).isEqualTo("question_clustered");
        assertThat(statistics.getInt(big + ".results")).isEqualTo(6);
        assertThat(statistics.getInt(big + ".passes")).isEqualTo(5);
        // Wilson at the effective sample size p(1 − p) / SE² = (5/36) / (1/36) = 5
        assertThat(statistics.getString(big + ".pass_rate_interval.method")).isEqualTo("wilson");
        assertThat(statistics.getDouble(big + ".pass_rate_interval.confidence")).isEqualTo(0.95);
        assertThat(statistics.getDouble(big + ".pass_rate_interval.sample_size")).isCloseTo(5.0, within(EPS));
        assertThat(statistics.getDouble(big + ".pass_rate_interval.low")).isCloseTo(0.4033, within(1e-4));
        assertThat(statistics.getDouble(big + ".pass_rate_interval.high")).isCloseTo(0.9737, within(1e-4));
        // pass@1 5/6; pass@2 (1 + [1 − C(1,2)/C(3,2) = 1]) / 2 = 1; pass@3 1
        assertThat(statistics.getList(big + ".pass_at_k.k")).containsExactly(1, 2, 3);
        assertThat(statistics.getList(big + ".pass_at_k.questions")).containsExactly(2, 2, 2);
        assertThat(statistics.getDouble(big + ".pass_at_k[0].value")).isCloseTo(5.0 / 6, within(EPS));
        assertThat(statistics.getDouble(big + ".pass_at_k[1].value")).isEqualTo(1.0);
        assertThat(statistics.getDouble(big + ".pass_at_k[2].value")).isEqualTo(1.0);
        assertThat(statistics.getDouble(big + ".majority_vote_accuracy")).isEqualTo(1.0);

        String mini = "groups.find { it.answering_model == '" + MINI + "' }";
        assertThat(statistics.getInt(mini + ".questions")).isEqualTo(2);
        assertThat(statistics.getInt(mini + ".verdicts")).isEqualTo(5);
        assertThat(statistics.getMap(mini + ".excluded")).isEqualTo(Map.of("error", 1));
        // every result is announced: 5 verdicts (1 passed) and the error make 6
        assertThat(statistics.getInt(mini + ".results")).isEqualTo(6);
        assertThat(statistics.getInt(mini + ".passes")).isEqualTo(1);
        // question means 1/2 and 0: mean 1/4; sample sd √(2 · (1/4)²) = √2 / 4; SE = 1/4
        assertThat(statistics.getDouble(mini + ".pass_rate")).isEqualTo(0.25);
        assertThat(statistics.getDouble(mini + ".pass_rate_standard_error")).isCloseTo(0.25, within(EPS));
        // pass@2: fr 1 − C(1,2)/C(2,2) = 1, de 0 → 1/2; pass@3: fr has only 2 verdicts, so de alone → 0
        assertThat(statistics.getList(mini + ".pass_at_k.questions")).containsExactly(2, 2, 1);
        assertThat(statistics.getDouble(mini + ".pass_at_k[0].value")).isEqualTo(0.25);
        assertThat(statistics.getDouble(mini + ".pass_at_k[1].value")).isEqualTo(0.5);
        assertThat(statistics.getDouble(mini + ".pass_at_k[2].value")).isEqualTo(0.0);
        // fr is a 1–1 tie (not a pass), de fails
        assertThat(statistics.getDouble(mini + ".majority_vote_accuracy")).isEqualTo(0.0);

        assertThat(statistics.getList("questions")).hasSize(4);
        // ordered by model, judge, then question id
        assertThat(statistics.getList("questions.question_id")).containsExactly("de", "fr", "de", "fr");
        assertThat(statistics.getMap("questions[0]")).isEqualTo(Map.of("question_id", "de", "answering_model", BIG,
                "judge", "openai:judge-1", "replicates", 3, "passes", 2, "excluded", 0, "majority_verdict", "passed",
                "agreement", 2.0 / 3));
        String miniFr = "questions.find { it.answering_model == '" + MINI + "' && it.question_id == 'fr' }";
        assertThat(statistics.getInt(miniFr + ".replicates")).isEqualTo(2);
        assertThat(statistics.getInt(miniFr + ".passes")).isEqualTo(1);
        assertThat(statistics.getInt(miniFr + ".excluded")).isEqualTo(1);
        assertThat(statistics.getString(miniFr + ".majority_verdict")).isEqualTo("failed");
        assertThat(statistics.getDouble(miniFr + ".agreement")).isEqualTo(0.5);
        String bigFr = "questions.find { it.answering_model == '" + BIG + "' && it.question_id == 'fr' }";
        assertThat(statistics.getDouble(bigFr + ".agreement")).isEqualTo(1.0);
        assertThat(statistics.getString(bigFr + ".majority_verdict")).isEqualTo("passed");
    }

    @Test
    void anUnknownRunIs404() {
        given().get("/api/runs/run-nope/statistics").then().statusCode(404);
    }
}
