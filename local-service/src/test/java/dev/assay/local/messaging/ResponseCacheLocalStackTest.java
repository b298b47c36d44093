package dev.assay.local.messaging;

import dev.assay.localstack.stub.StubLlmServer;
import dev.assay.localstack.stub.StubReply;
import dev.assay.testsupport.Eventually;
import dev.assay.testsupport.InjectStubLlm;
import dev.assay.testsupport.KafkaBrokerResource;
import dev.assay.testsupport.PostgresResource;
import dev.assay.testsupport.StubLlmResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The response cache's rules through the local stack's one service, its cache on the real PostgreSQL
 * (docs/cache.md). A judge answering HTTP 200 with a body that is not JSON, and its repair round, used
 * to be cached, so once the judge worked again a retry made no call and the results stayed in error:
 * now the retry asks the judge again and the results pass, the usable answer coming from the cache.
 * A multi-run prompt's repetitions used to be one cached answer: now a first run asks for each.
 */
@QuarkusTest
@QuarkusTestResource(KafkaBrokerResource.class)
@QuarkusTestResource(PostgresResource.class)
@QuarkusTestResource(StubLlmResource.class)
@TestProfile(ResponseCacheLocalStackTest.WithResponseCache.class)
class ResponseCacheLocalStackTest {

    /** The cache on the application's database, as the local stack hands it to the service. */
    public static final class WithResponseCache implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("assay.cache.jdbc-url", "${quarkus.datasource.jdbc.url}",
                    "assay.cache.username", "${quarkus.datasource.username}",
                    "assay.cache.password", "${quarkus.datasource.password}");
        }
    }

    private static final Duration WAIT = Duration.ofSeconds(90);

    @InjectStubLlm
    StubLlmServer stub;

    @Test
    void aJudgeAnswerThatWasNotJsonIsAskedAgainByTheRetryAndPasses() {
        // a question no earlier run asked, so nothing of it is cached yet
        String question = "What is the capital of France? (" + UUID.randomUUID() + ")";
        AtomicBoolean judgeWorks = new AtomicBoolean();
        AtomicInteger answering = new AtomicInteger();
        AtomicInteger judging = new AtomicInteger();
        stub.reset();
        stub.fallback(StubReply.computed(request -> {
            if (request.model().equals("answerer")) {
                answering.incrementAndGet();
                return StubReply.text("It is Paris.");
            }
            judging.incrementAndGet();
            return StubReply.text(judgeWorks.get() ? "{\"city\": \"Paris\"}" : "<html><body>502 Bad Gateway</body></html>");
        }));
        String model = "{interface: openai, base_url: \"" + stub.baseUrl() + "\", api_key_env: TEST_LLM_KEY, model: ";
        String benchmark = "name: capitals\nquestions:\n  - id: fr\n    question: \"" + question + "\"\n    raw_answer: Paris\n"
                + "    template:\n      fields:\n        city: {type: string, description: the capital city, ground_truth: Paris}\n";
        String config = "name: unusable\nanswering_models:\n  - " + model + "answerer}\njudges:\n  - " + model + "judge}\n"
                + "evaluation_mode: template_only\n";
        String runId = given().contentType("application/yaml")
                .body(("benchmark:\n" + indent(benchmark) + "config:\n" + indent(config)).getBytes(StandardCharsets.UTF_8))
                .post("/api/runs").then().statusCode(202).extract().path("run_id");
        awaitStatus(runId, "completed");
        assertThat(statuses(runId)).containsExactly("error");
        assertThat(judging.get()).as("the judge's call and its repair round").isEqualTo(2);
        assertThat(answering.get()).isEqualTo(1);

        judgeWorks.set(true);
        given().post("/api/runs/" + runId + "/retry").then().statusCode(202);
        awaitStatus(runId, "completed");
        assertThat(statuses(runId)).as("the judge asked again, not its unusable answers from the cache").containsExactly("passed");
        assertThat(judging.get()).isEqualTo(3);
        assertThat(answering.get()).as("the usable answer is served from the cache").isEqualTo(1);
    }

    @Test
    void everyRepetitionOfAMultiRunPromptIsAskedOnAFirstRunAndServedItsOwnAnswerAfter() {
        String prompt = "Pick a whole number from 1 to 10. Say only the number. (" + UUID.randomUUID() + ")";
        AtomicInteger answering = new AtomicInteger();
        stub.reset();
        stub.fallback(StubReply.computed(request -> request.model().equals("answerer")
                ? StubReply.text(String.valueOf(answering.incrementAndGet()))
                : StubReply.text("{\"pick\": 1}")));
        String model = "{interface: openai, base_url: \"" + stub.baseUrl() + "\", api_key_env: TEST_LLM_KEY, temperature: 1.0, model: ";
        String benchmark = "name: consistency\nquestions:\n  - id: guess\n    question: Is the model consistent?\n"
                + "    multi_run_prompt:\n      - name: guess\n        repetitions: 3\n        prompt:\n"
                + "          - content: \"" + prompt + "\"\n"
                + "    template:\n      fields:\n        pick: {type: integer, description: the number, ground_truth: 1}\n";
        String config = "name: repetitions\nanswering_models:\n  - " + model + "answerer}\njudges:\n  - " + model + "judge}\n"
                + "evaluation_mode: template_only\n";
        String body = "benchmark:\n" + indent(benchmark) + "config:\n" + indent(config);

        String first = submit(body);
        awaitStatus(first, "completed");
        assertThat(answering.get()).as("three repetitions, three calls").isEqualTo(3);
        assertThat(generationCalls(first)).extracting(call -> call.get("response")).containsExactly("1", "2", "3");

        String second = submit(body);
        awaitStatus(second, "completed");
        assertThat(answering.get()).as("the same run again: each repetition served its own answer").isEqualTo(3);
        List<Map<String, Object>> again = generationCalls(second);
        assertThat(again).extracting(call -> call.get("response")).containsExactly("1", "2", "3");
        assertThat(again).extracting(call -> call.get("cached")).containsOnly(true);
    }

    private static String submit(String body) {
        return given().contentType("application/yaml").body(body.getBytes(StandardCharsets.UTF_8))
                .post("/api/runs").then().statusCode(202).extract().path("run_id");
    }

    private static List<Map<String, Object>> generationCalls(String runId) {
        List<Map<String, Object>> calls = given().get("/api/runs/" + runId + "/results?size=100").then().statusCode(200)
                .extract().path("results[0].calls");
        return calls.stream().filter(call -> "generation".equals(call.get("stage"))).toList();
    }

    private static List<String> statuses(String runId) {
        return given().get("/api/runs/" + runId + "/results?size=100").then().statusCode(200).extract().path("results.status");
    }

    private static void awaitStatus(String runId, String status) {
        Eventually.await(WAIT, () -> given().get("/api/runs/" + runId).then().statusCode(200).extract().<String>path("status"),
                status::equals, "the status of " + runId);
    }

    private static String indent(String yaml) {
        return yaml.lines().map(line -> "  " + line + "\n").reduce("", String::concat);
    }
}
