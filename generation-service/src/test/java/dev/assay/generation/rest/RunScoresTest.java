package dev.assay.generation.rest;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.hamcrest.Matchers.equalTo;

import dev.assay.common.benchmark.NuggetImportance;
import dev.assay.common.json.Json;
import dev.assay.common.nugget.SupportLabel;
import dev.assay.common.pipeline.NuggetJudgement;
import dev.assay.common.pipeline.NuggetOutcome;
import dev.assay.common.pipeline.NuggetScores;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * GET /api/runs/{id}/scores over eight results designed so every mean is computed by hand:
 * question fr passes and de fails; trait {@code concise} passes for gpt-4o only; {@code depth}
 * scores 4 for gpt-4o and 2 for gpt-4o-mini, except one result where it could not be scored;
 * fr has nuggets (all recall 1.0 for gpt-4o, 0.5 for gpt-4o-mini, and unscored once: its vital
 * nugget's window failed); for gpt-4o judged by claude-judge both nuggets are okay ones, so that
 * result has no vital figures. The nugget means follow castorini/nuggetizer (the default).
 */
@QuarkusTest
@QuarkusTestResource(KafkaBrokerResource.class)
@QuarkusTestResource(PostgresResource.class)
class RunScoresTest {

    private static final String MINI = "openai:gpt-4o-mini";
    private static final String JUDGE_1 = "openai:judge-1";
    private static final String CLAUDE = "anthropic:claude-judge";

    @Test
    void meansAreComputedOverTheWholeRunAndPerModelAndJudge() {
        String runId = given().contentType("application/json").body(TestRuns.bodyJson()).post("/api/runs")
                .then().statusCode(202).extract().path("run_id");
        List<VerificationResult> published = new ArrayList<>();
        for (VerificationJob job : TestRuns.jobs(runId)) {
            for (ModelConfig judge : job.judges()) {
                boolean fr = job.question().id().equals("fr");
                VerificationResult result = TestRuns.result(job, judge, fr ? Outcome.PASSED : Outcome.FAILED, rubric(job, judge));
                published.add(result);
                KafkaClients.publish(Topics.RESULTS, result.resultId(), Json.write(result));
            }
        }
        Eventually.await(Duration.ofSeconds(30), () -> given().get("/api/runs/" + runId).jsonPath().getString("status"),
                "completed"::equals, "run " + runId + " to complete");

        String body = given().get("/api/runs/" + runId + "/scores").then().statusCode(200)
                .body("run_id", equalTo(runId)).extract().asString();
        System.out.println("GET /api/runs/{id}/scores: " + body);
        JsonPath scores = JsonPath.from(body);

        assertThat(scores.getInt("overall.results")).isEqualTo(8);
        assertThat(scores.getMap("overall.by_status")).isEqualTo(Map.of("passed", 4, "failed", 4));
        assertThat(scores.getDouble("overall.template_pass_rate")).isEqualTo(0.5);
        assertThat(scores.getInt("overall.traits.find { it.name == 'concise' }.scored")).isEqualTo(8);
        assertThat(scores.getDouble("overall.traits.find { it.name == 'concise' }.pass_rate")).isEqualTo(0.5);
        assertThat(scores.getInt("overall.traits.find { it.name == 'depth' }.scored")).isEqualTo(7);
        assertThat(scores.getInt("overall.traits.find { it.name == 'depth' }.errors")).isEqualTo(1);
        assertThat(scores.getDouble("overall.traits.find { it.name == 'depth' }.mean_score")).isCloseTo(22.0 / 7, within(1e-6));
        assertThat(scores.getString("overall.traits.find { it.name == 'depth' }.pass_rate")).isNull();
        assertThat(scores.getInt("overall.nuggets.evaluated")).isEqualTo(4);
        assertThat(scores.getInt("overall.nuggets.scored")).isEqualTo(3);
        assertThat(scores.getInt("overall.nuggets.unscored")).isEqualTo(1);
        // nuggetizer's means: every evaluated response counts, its unlabelled nugget as not supported
        // (mini × judge-1: 1 of 2), and a question without vital nuggets as 0 in the vital means (gpt-4o × claude)
        assertThat(scores.getDouble("overall.nuggets.all_recall")).isCloseTo((1.0 + 1.0 + 0.5 + 0.5) / 4, within(1e-6));
        assertThat(scores.getDouble("overall.nuggets.strict_all_recall")).isCloseTo((1.0 + 1.0 + 0.5 + 0.5) / 4, within(1e-6));
        assertThat(scores.getDouble("overall.nuggets.strict_vital_recall")).isCloseTo((1.0 + 0.0 + 0.0 + 0.0) / 4, within(1e-6));
        assertThat(scores.getDouble("overall.nuggets.vital_recall")).isCloseTo((1.0 + 0.0 + 0.0 + 0.0) / 4, within(1e-6));

        assertThat(scores.getList("groups")).hasSize(4);
        String miniJudge1 = "groups.find { it.answering_model == '" + MINI + "' && it.judge == '" + JUDGE_1 + "' }";
        assertThat(scores.getInt(miniJudge1 + ".results")).isEqualTo(2);
        assertThat(scores.getDouble(miniJudge1 + ".template_pass_rate")).isEqualTo(0.5);
        assertThat(scores.getDouble(miniJudge1 + ".traits.find { it.name == 'concise' }.pass_rate")).isEqualTo(0.0);
        assertThat(scores.getDouble(miniJudge1 + ".traits.find { it.name == 'depth' }.mean_score")).isEqualTo(2.0);
        assertThat(scores.getInt(miniJudge1 + ".nuggets.unscored")).isEqualTo(1);
        assertThat(scores.getDouble(miniJudge1 + ".nuggets.all_recall")).isEqualTo(0.5);
        assertThat(scores.getDouble(miniJudge1 + ".nuggets.vital_recall")).isEqualTo(0.0);
        String bigClaude = "groups.find { it.answering_model == 'openai:gpt-4o' && it.judge == '" + CLAUDE + "' }";
        assertThat(scores.getDouble(bigClaude + ".nuggets.strict_vital_recall")).isEqualTo(0.0);
        assertThat(scores.getDouble(bigClaude + ".nuggets.all_recall")).isEqualTo(1.0);
        String miniClaude = "groups.find { it.answering_model == '" + MINI + "' && it.judge == '" + CLAUDE + "' }";
        assertThat(scores.getInt(miniClaude + ".traits.find { it.name == 'depth' }.errors")).isEqualTo(1);
        assertThat(scores.getDouble(miniClaude + ".nuggets.all_recall")).isEqualTo(0.5);
    }

    @Test
    void anUnknownRunIs404() {
        given().get("/api/runs/run-nope/scores").then().statusCode(404);
    }

    private static RubricOutcome rubric(VerificationJob job, ModelConfig judge) {
        boolean big = job.answeringModel().model().equals("gpt-4o");
        boolean fr = job.question().id().equals("fr");
        TraitScore concise = TraitScore.verdict("concise", "boolean", big);
        TraitScore depth = !big && !fr && judge.model().equals("claude-judge")
                ? TraitScore.failed("depth", "score", "the judge call failed")
                : TraitScore.scored("depth", "score", big ? 4 : 2);
        NuggetOutcome nuggets = null;
        if (fr) {
            boolean unscored = !big && judge.model().equals("judge-1");
            boolean noVital = big && judge.model().equals("claude-judge");
            SupportLabel second = big ? SupportLabel.SUPPORT : SupportLabel.NOT_SUPPORT;
            nuggets = new NuggetOutcome(List.of(new NuggetJudgement("Paris is the capital", NuggetImportance.OKAY, SupportLabel.SUPPORT),
                    new NuggetJudgement("on the Seine", noVital ? NuggetImportance.OKAY : NuggetImportance.VITAL, unscored ? null : second)),
                    unscored ? null : noVital ? new NuggetScores(null, 1.0, null, 1.0)
                            : big ? new NuggetScores(1.0, 1.0, 1.0, 1.0) : new NuggetScores(0.0, 0.5, 0.0, 0.5),
                    List.of(), null, unscored ? "window 0: truncation" : null);
        }
        return new RubricOutcome(List.of(concise, depth), null, nuggets, List.of(), UsageMetadata.EMPTY, 3, null);
    }
}
