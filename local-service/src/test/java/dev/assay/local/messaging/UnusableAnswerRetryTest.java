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
 * The issue this guards against (docs/cache.md, "What is stored"): a judge answering HTTP 200 with a
 * body that is not JSON, and its repair round, left the answers in the response cache, so once the
 * judge worked again a retry made no call and the results stayed in error. Through the local stack's
 * one service with its response cache on the real PostgreSQL: the retry asks the judge again and
 * the results pass; the answering model's usable answers come from the cache.
 */
@QuarkusTest
@QuarkusTestResource(KafkaBrokerResource.class)
@QuarkusTestResource(PostgresResource.class)
@QuarkusTestResource(StubLlmResource.class)
@TestProfile(UnusableAnswerRetryTest.WithResponseCache.class)
class UnusableAnswerRetryTest {

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
