package dev.assay.local.messaging;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.benchmark.Question;
import dev.assay.common.json.Json;
import dev.assay.common.pipeline.JobSettings;
import dev.assay.common.pipeline.Topics;
import dev.assay.common.pipeline.VerificationJob;
import dev.assay.common.prompt.PromptConfig;
import dev.assay.common.run.EvaluationMode;
import dev.assay.common.run.ModelConfig;
import dev.assay.localstack.stub.StubLlmServer;
import dev.assay.localstack.stub.StubReply;
import dev.assay.testsupport.Eventually;
import dev.assay.testsupport.InjectStubLlm;
import dev.assay.testsupport.KafkaBrokerResource;
import dev.assay.testsupport.PostgresResource;
import dev.assay.testsupport.StubLlmResource;
import dev.assay.testsupport.TopicClient;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ConsumerGroupListing;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * local-service's jobs pass the three stages in one go (docs/development.md, "The local stack"): a run
 * submitted through the API over the real broker, PostgreSQL and the stub LLM ends with its results
 * stored and its progress per stage recorded, while nothing of it crosses the answers and parsed topics;
 * each result is published on assay.results once, as deployed, and not stored again by the store's own
 * consumer of that topic; a job a later stage refuses goes to the dead-letter topic whole.
 */
@QuarkusTest
@QuarkusTestResource(KafkaBrokerResource.class)
@QuarkusTestResource(PostgresResource.class)
@QuarkusTestResource(StubLlmResource.class)
class ChainedStagesConsumerTest {

    private static final Duration WAIT = Duration.ofSeconds(60);

    private static final String BENCHMARK = """
            name: capitals
            questions:
              - id: fr
                question: What is the capital of France?
                raw_answer: Paris
                template:
                  fields:
                    city: {type: string, description: the capital city, ground_truth: Paris}
              - id: de
                question: What is the capital of Germany?
                raw_answer: Berlin
                template:
                  fields:
                    city: {type: string, description: the capital city, ground_truth: Berlin}
            """;

    @InjectStubLlm
    StubLlmServer stub;

    @TestHTTPResource("/api/runs")
    URL runs;

    @Test
    void aRunPassesTheThreeStagesWithoutTheTopicsBetweenThem() throws Exception {
        stub.reset();
        // the answerer knows France, not Germany; the judges read the city out of the answer they are shown
        stub.fallback(StubReply.computed(request -> {
            if (request.model().equals("answerer")) {
                return StubReply.text(request.allContent().contains("France") ? "It is Paris." : "It is Munich.");
            }
            return StubReply.text(request.allContent().contains("It is Paris.") ? "{\"city\": \"Paris\"}" : "{\"city\": \"Munich\"}");
        }));
        String model = "{interface: openai, base_url: \"" + stub.baseUrl() + "\", api_key_env: TEST_LLM_KEY, model: ";
        String config = "name: chained\nanswering_models:\n  - " + model + "answerer}\njudges:\n  - " + model + "judge-1}\n  - "
                + model + "judge-2}\nevaluation_mode: template_only\ncache: off\n";
        String runId = given().contentType("application/yaml").body(("benchmark:\n" + indent(BENCHMARK) + "config:\n" + indent(config)).getBytes(StandardCharsets.UTF_8))
                .post("/api/runs").then().statusCode(202).extract().path("run_id");

        Eventually.await(WAIT, () -> given().get("/api/runs/" + runId).then().statusCode(200).extract().<String>path("status"),
                "completed"::equals, "the status of " + runId);

        List<Map<String, Object>> results = given().get("/api/runs/" + runId + "/results?limit=100")
                .then().statusCode(200).extract().path("results");
        assertThat(results).hasSize(4);
        assertThat(results).allSatisfy(result -> assertThat(result.get("status"))
                .isEqualTo("fr".equals(result.get("question_id")) ? "passed" : "failed"));
        assertThat(results).extracting(result -> result.get("judge")).containsOnly("openai:judge-1", "openai:judge-2");

        // the progress per stage is recorded without the progress consumers, which see no records of it
        JsonNode stages = Eventually.await(WAIT, () -> stages(runId),
                s -> s.at("/generation/done").asLong() == 2 && s.at("/parsing/done").asLong() == 4, "the stage counts of " + runId);
        assertThat(stages.at("/generation/failed").asLong()).isZero();
        assertThat(stages.at("/parsing/failed").asLong()).isZero();
        assertThat(stages.at("/rubric/done").asLong()).isEqualTo(4);

        // every finished result is published on the public results topic, as deployed, once, marked as stored
        String ofRun = "\"run_id\":\"" + runId + "\"";
        List<ConsumerRecord<String, String>> published = TopicClient.await(Topics.RESULTS, r -> r.value().contains(ofRun), 4, WAIT);
        assertThat(published).extracting(ConsumerRecord::key)
                .containsExactlyInAnyOrderElementsOf(results.stream().map(result -> (String) result.get("result_id")).toList());
        assertThat(published).allSatisfy(record -> {
            assertThat(header(record, "assay-result-stored")).isEqualTo("true");
            assertThat(Json.read(record.value(), JsonNode.class).get("status").asText())
                    .isIn("passed", "failed");
        });
        // the store's own consumer of assay.results passes them over: once it has read past them, each is stored once
        Eventually.await(WAIT, () -> storeReadPast(published), Boolean::booleanValue, "the store's consumer to read past the published results");
        assertThat(deliveries(runId)).as("deliveries of each stored result").containsOnly(1);

        // the answers and parses never left the process
        assertThat(TopicClient.await(Topics.ANSWERS, r -> r.value().contains(ofRun), 0, Duration.ofSeconds(5))).isEmpty();
        assertThat(TopicClient.await(Topics.PARSED, r -> r.value().contains(ofRun), 0, Duration.ofSeconds(5))).isEmpty();

        // and the consumers of answers and parses were never opened: only the jobs consumer's group and the store's
        // (for results other producers publish) are on the broker
        try (Admin admin = Admin.create(KafkaBrokerResource.clientConfig())) {
            Set<String> groups = admin.listConsumerGroups().all().get(30, TimeUnit.SECONDS).stream()
                    .map(ConsumerGroupListing::groupId).collect(Collectors.toSet());
            assertThat(groups).contains("assay-generation", "assay-store").doesNotContain("assay-parsing", "assay-rubric", "assay-progress");
        }
    }

    @Test
    void aJobALaterStageRefusesIsDeadLetteredWhole() {
        // answered without a call (a manual answer), then refused by the parsing stage: no judge to make a result for
        VerificationJob job = VerificationJob.create("run-" + UUID.randomUUID(),
                new Question(null, "What colour is the sky?", null, List.of(), null, null), ModelConfig.of("manual", null),
                List.of(), 1, new JobSettings(EvaluationMode.RUBRIC_ONLY, false, PromptConfig.EMPTY), "blue",
                Instant.parse("2026-11-25T10:00:00Z"));
        String value = Json.write(job);
        TopicClient.publish(Topics.JOBS, job.jobId(), value);

        ConsumerRecord<String, String> dead = TopicClient.await(Topics.DLQ, r -> value.equals(r.value()), 1, WAIT).get(0);
        assertThat(dead.key()).isEqualTo(job.jobId());
        assertThat(header(dead, "dead-letter-topic")).isEqualTo(Topics.JOBS);
        assertThat(header(dead, "dead-letter-reason")).contains("names no judges");
    }

    /** Whether the store's consumer group (assay-store) has committed past every one of {@code records}. */
    private static boolean storeReadPast(List<ConsumerRecord<String, String>> records) {
        try (Admin admin = Admin.create(KafkaBrokerResource.clientConfig())) {
            Map<org.apache.kafka.common.TopicPartition, org.apache.kafka.clients.consumer.OffsetAndMetadata> committed =
                    admin.listConsumerGroupOffsets("assay-store").partitionsToOffsetAndMetadata().get(30, TimeUnit.SECONDS);
            return records.stream().allMatch(record -> {
                var offset = committed.get(new org.apache.kafka.common.TopicPartition(record.topic(), record.partition()));
                return offset != null && offset.offset() > record.offset();
            });
        } catch (Exception e) {
            throw new IllegalStateException("cannot read the offsets of assay-store", e);
        }
    }

    /** How often each stored result of the run arrived at the store. */
    private static List<Integer> deliveries(String runId) {
        try (var connection = PostgresResource.dataSource().getConnection();
             var statement = connection.prepareStatement("SELECT deliveries FROM results WHERE run_id = ?")) {
            statement.setString(1, runId);
            List<Integer> deliveries = new java.util.ArrayList<>();
            try (var rows = statement.executeQuery()) {
                while (rows.next()) {
                    deliveries.add(rows.getInt(1));
                }
            }
            return deliveries;
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The run's progress per stage, as the snapshot that opens its event stream gives it. */
    private JsonNode stages(String runId) {
        HttpRequest request = HttpRequest.newBuilder(URI.create(runs + "/" + runId + "/events"))
                .header("Accept", "text/event-stream").timeout(Duration.ofSeconds(20)).GET().build();
        try (HttpClient client = HttpClient.newHttpClient()) {
            HttpResponse<java.io.InputStream> response = client.send(request, HttpResponse.BodyHandlers.ofInputStream());
            try (BufferedReader lines = new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
                for (String line; (line = lines.readLine()) != null; ) {
                    if (line.startsWith("data:")) {
                        return Json.read(line.substring("data:".length()), JsonNode.class).get("stages");
                    }
                }
            }
            throw new IllegalStateException("the event stream of " + runId + " ended without a snapshot");
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static String indent(String yaml) {
        return yaml.lines().map(line -> "  " + line + "\n").reduce("", String::concat);
    }

    private static String header(ConsumerRecord<String, String> record, String name) {
        Header header = record.headers().lastHeader(name);
        return header == null ? null : new String(header.value(), StandardCharsets.UTF_8);
    }
}
