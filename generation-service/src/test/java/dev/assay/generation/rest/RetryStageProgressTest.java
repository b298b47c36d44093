package dev.assay.generation.rest;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.json.Json;
import dev.assay.common.pipeline.AnsweredJob;
import dev.assay.common.pipeline.ParsedJob;
import dev.assay.common.pipeline.ParsingOutcome;
import dev.assay.common.pipeline.Topics;
import dev.assay.common.pipeline.VerificationJob;
import dev.assay.common.run.ModelConfig;
import dev.assay.generation.KafkaClients;
import dev.assay.generation.SseClient;
import dev.assay.generation.TestRuns;
import dev.assay.generation.TestRuns.Outcome;
import dev.assay.localstack.stub.StubLlmServer;
import dev.assay.localstack.stub.StubReply;
import dev.assay.testsupport.Eventually;
import dev.assay.testsupport.InjectStubLlm;
import dev.assay.testsupport.KafkaBrokerResource;
import dev.assay.testsupport.PostgresResource;
import dev.assay.testsupport.StubLlmResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

import java.net.URL;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * A retry's progress per stage is the new attempt's (docs/api.md, events): the jobs it queues again
 * leave the generation count until the generation stage — the real one this service hosts, against
 * the stub LLM — answers them anew, their failure no longer counts, and the parses it queues again
 * leave the parsing count. The parses and results (the stages this service does not host) are
 * published here as those stages would.
 */
@QuarkusTest
@QuarkusTestResource(KafkaBrokerResource.class)
@QuarkusTestResource(PostgresResource.class)
@QuarkusTestResource(StubLlmResource.class)
class RetryStageProgressTest {

    private static final Duration WAIT = Duration.ofSeconds(60);

    @TestHTTPResource("/api/runs")
    URL runs;

    @InjectStubLlm
    StubLlmServer stub;

    @Test
    void aRetryStartsTheStageCountsOfWhatItQueuesAgain() throws Exception {
        // first attempt: gpt-4o-mini cannot answer about Germany; on the retry gpt-4o-mini's answers
        // wait at the gate, so the counts can be read while the new attempt is under way
        CountDownLatch retryGate = new CountDownLatch(1);
        stub.reset();
        stub.fallback(StubReply.computed(request -> {
            if (!request.model().equals("gpt-4o-mini")) {
                return StubReply.text("Paris");
            }
            if (retrying) {
                await(retryGate);
                return StubReply.text("Berlin");
            }
            return request.allContent().contains("Germany") ? StubReply.error(400, "invalid_request_error", "no answer for Germany")
                    : StubReply.text("Paris");
        }));
        String config = TestRuns.CONFIG_YAML.replace("base_url: \"http://127.0.0.1:9/v1\", api_key_env: OPENAI_API_KEY",
                "base_url: \"" + stub.baseUrl() + "\", api_key_env: TEST_LLM_KEY") + "cache: off\n";
        String runId = given().contentType(ContentType.JSON).body(TestRuns.bodyJson(config)).post("/api/runs")
                .then().statusCode(202).extract().path("run_id");
        List<VerificationJob> jobs = TestRuns.jobs(runId, config);

        // the stage answers the four jobs, de × gpt-4o-mini with a failure; the judges parse what was
        // answered, except gpt-4o-mini's claude-judge, and the results are stored
        Map<String, AnsweredJob> answers = answers(runId, 4);
        for (VerificationJob job : jobs) {
            boolean mini = job.answeringModel().model().equals("gpt-4o-mini");
            for (ModelConfig judge : job.judges()) {
                if (mini && judge.model().equals("claude-judge")) {
                    continue;
                }
                parse(answers.get(job.jobId()), judge);
                boolean error = answers.get(job.jobId()).generation().failure() != null;
                KafkaClients.publish(Topics.RESULTS, job.resultId(judge), Json.write(TestRuns.result(job, judge, error ? Outcome.ERROR : Outcome.PASSED)));
            }
        }
        JsonNode first = awaitStages(runId, stages -> stages.at("/generation/done").asLong() == 4
                && stages.at("/parsing/done").asLong() == 6 && stages.at("/rubric/done").asLong() == 6);
        assertThat(first.at("/generation/failed").asLong()).as("de × gpt-4o-mini's answer failed").isEqualTo(1);

        retrying = true;
        given().post("/api/runs/" + runId + "/retry").then().statusCode(202).body("queued_jobs", equalTo(2)).body("queued_results", equalTo(3));
        // the new attempt, its answers held at the gate: gpt-4o-mini's two jobs are to be answered
        // again and three of their results parsed again; what was kept counts, the old failure not
        JsonNode retried = stages(runId);
        assertThat(retried.at("/generation/done").asLong()).isEqualTo(2);
        assertThat(retried.at("/generation/failed").asLong()).isZero();
        assertThat(retried.at("/generation/expected").asInt()).isEqualTo(4);
        assertThat(retried.at("/parsing/done").asLong()).as("the 6 parses less de × gpt-4o-mini × judge-1's").isEqualTo(5);
        assertThat(retried.at("/parsing/expected").asInt()).isEqualTo(8);
        assertThat(retried.at("/rubric/done").asLong()).as("the errored result is pending again").isEqualTo(5);

        retryGate.countDown();
        Map<String, AnsweredJob> again = answers(runId, 4 + 2);
        for (VerificationJob job : jobs) {
            if (job.answeringModel().model().equals("gpt-4o-mini")) {
                assertThat(again.get(job.jobId()).generation().failure()).as("the retried answer").isNull();
                for (ModelConfig judge : job.judges()) {
                    if (job.question().id().equals("de") || judge.model().equals("claude-judge")) {
                        parse(again.get(job.jobId()), judge);
                    }
                }
            }
        }
        JsonNode done = awaitStages(runId, stages -> stages.at("/generation/done").asLong() == 4
                && stages.at("/parsing/done").asLong() == 8);
        assertThat(done.at("/generation/failed").asLong()).isZero();
        assertThat(done.at("/parsing/failed").asLong()).isZero();
    }

    /** Set before the retry: gpt-4o-mini's answers from then on wait for the gate. */
    private static volatile boolean retrying;

    private static void await(CountDownLatch gate) {
        try {
            gate.await(2, TimeUnit.MINUTES);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void parse(AnsweredJob answered, ModelConfig judge) {
        ParsedJob parsed = ParsedJob.of(answered, judge, ParsingOutcome.builder().build());
        KafkaClients.publish(Topics.PARSED, parsed.resultId(), Json.write(parsed));
    }

    /** The run's answers on assay.answers once there are {@code count}, the latest of each job. */
    private static Map<String, AnsweredJob> answers(String runId, int count) {
        List<ConsumerRecord<String, String>> records = KafkaClients.read(Topics.ANSWERS,
                record -> record.value().contains("\"run_id\":\"" + runId + "\""), count, WAIT);
        Map<String, AnsweredJob> latest = new HashMap<>();
        records.forEach(record -> latest.put(record.key(), Json.read(record.value(), AnsweredJob.class)));
        return latest;
    }

    /** The run's progress per stage, as its event stream's snapshot gives it. */
    private JsonNode stages(String runId) throws Exception {
        try (SseClient client = new SseClient(runs + "/" + runId + "/events")) {
            SseClient.Event snapshot = client.next(Duration.ofSeconds(20));
            assertThat(snapshot).as("the snapshot of " + runId).isNotNull();
            return snapshot.data().get("stages");
        }
    }

    private JsonNode awaitStages(String runId, Predicate<JsonNode> reached) {
        return Eventually.await(WAIT, () -> {
            try {
                return stages(runId);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }, reached, "the stage counts of " + runId);
    }
}
