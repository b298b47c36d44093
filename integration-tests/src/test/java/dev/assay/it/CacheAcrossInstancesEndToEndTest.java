package dev.assay.it;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.json.Json;
import dev.assay.localstack.ServiceProcess;
import dev.assay.localstack.stub.RecordedRequest;
import dev.assay.localstack.stub.StubReply;
import dev.assay.testsupport.PostgresResource;
import io.restassured.RestAssured;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The response cache between service instances and between jobs in flight at once (docs/cache.md),
 * through the deployed pipeline with the stub counting calls per model: a parsing-service instance
 * answers from what another instance stored; two identical jobs in flight both call the model, yet
 * the cache keeps one answer for their key, the one every later call gets.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CacheAcrossInstancesEndToEndTest {

    private final Map<String, AtomicInteger> calls = new ConcurrentHashMap<>();
    /** Holds the concurrency test's answering calls until both have arrived: both are in flight at once. */
    private final CountDownLatch bothInFlight = new CountDownLatch(2);
    private PipelineStack stack;

    @BeforeAll
    void start() throws Exception {
        stack = PipelineStack.startWithCache();
        stack.stub().fallback(StubReply.computed(this::reply));
        RestAssured.baseURI = stack.apiUrl();
    }

    @AfterAll
    void stop() {
        if (stack != null) {
            stack.close();
        }
    }

    @Test
    void aSecondParsingInstanceAnswersFromWhatTheFirstStored() throws Exception {
        calls.clear();
        String question = "Which city is the capital of France? (" + UUID.randomUUID() + ")";
        run(question, "shared-answerer");
        assertThat(count("shared-answerer")).isEqualTo(1);
        assertThat(count("judge")).as("the first instance parsed it").isEqualTo(1);

        // the first parsing instance goes; only the second is left to parse
        ServiceProcess first = stack.services().stream().filter(service -> service.name().equals("parsing-service"))
                .findFirst().orElseThrow();
        ServiceProcess second = stack.startParsingInstance(2);
        stack.stop(first);
        assertThat(stack.services()).contains(second).doesNotContain(first);
        calls.clear();

        JsonNode results = run(question, "shared-answerer");
        assertThat(calls).as("no model called: the answer and its parsing come from the shared cache").isEmpty();
        JsonNode parsingCall = findCall(results.get(0), "parsing");
        assertThat(parsingCall.path("cached").asBoolean()).as("parsed by the second instance from the first's answer: %s", parsingCall)
                .isTrue();
        assertThat(results.get(0).get("status").asText()).isEqualTo("passed");
    }

    @Test
    void twoIdenticalJobsInFlightAtOnceStoreOneAnswerForTheirKey() throws Exception {
        calls.clear();
        String question = "Which city is the capital of France? (" + UUID.randomUUID() + ")";
        String first = submit(question, "racing-answerer");
        String second = submit(question, "racing-answerer");
        List<String> answers = new ArrayList<>();
        for (String runId : List.of(first, second)) {
            RunApi.awaitCompleted(runId, Duration.ofMinutes(2), stack::logTails);
            answers.add(RunApi.results(runId).get("results").get(0).get("response").asText());
        }
        assertThat(count("racing-answerer")).as("both were in flight: each called the model").isEqualTo(2);
        assertThat(answers).as("each got its own call's answer").doesNotHaveDuplicates();

        List<String> stored = storedAnswers("openai:racing-answerer");
        assertThat(stored).as("one answer for the key, never two").hasSize(1);
        assertThat(answers).contains(stored.getFirst());

        calls.clear();
        JsonNode later = run(question, "racing-answerer");
        assertThat(count("racing-answerer")).isZero();
        assertThat(later.get(0).get("response").asText()).as("every later call gets the one stored").isEqualTo(stored.getFirst());
    }

    private int count(String model) {
        AtomicInteger count = calls.get(model);
        return count == null ? 0 : count.get();
    }

    private StubReply reply(RecordedRequest request) {
        int n = calls.computeIfAbsent(request.model(), key -> new AtomicInteger()).incrementAndGet();
        if (request.model().equals("racing-answerer")) {
            bothInFlight.countDown();
            try {
                bothInFlight.await(60, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return StubReply.text("The capital of France is Paris (call " + n + ").").withUsage(10, 5);
        }
        if (request.model().endsWith("answerer")) {
            return StubReply.text("The capital of France is Paris.").withUsage(10, 5);
        }
        return StubReply.text("{\"city\":\"Paris\"}").withUsage(40, 8);
    }

    private static JsonNode findCall(JsonNode result, String stage) {
        for (JsonNode call : result.get("calls")) {
            if (call.path("stage").asText().equals(stage)) {
                return call;
            }
        }
        throw new AssertionError("no " + stage + " call in " + result);
    }

    private static List<String> storedAnswers(String model) throws Exception {
        List<String> answers = new ArrayList<>();
        try (Connection connection = PostgresResource.dataSource().getConnection();
             PreparedStatement select = connection.prepareStatement("SELECT response FROM response_cache WHERE model = ?")) {
            select.setString(1, model);
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    answers.add(rows.getString(1));
                }
            }
        }
        return answers;
    }

    private JsonNode run(String question, String answerer) throws Exception {
        String runId = submit(question, answerer);
        RunApi.awaitCompleted(runId, Duration.ofMinutes(2), stack::logTails);
        return RunApi.results(runId).get("results");
    }

    private String submit(String question, String answerer) throws Exception {
        String stub = stack.stub().baseUrl();
        String yaml = """
                benchmark:
                  name: cache across instances
                  questions:
                    - id: france
                      question: "%s"
                      template:
                        fields:
                          city: {type: string, description: the city named as the capital, ground_truth: Paris}
                config:
                  evaluation_mode: template_only
                  answering_models:
                    - {interface: openai, model: %s, base_url: "%s", api_key_env: %s, temperature: 0.7}
                  judges:
                    - {interface: openai, model: judge, base_url: "%s", api_key_env: %s, temperature: 0}
                """.formatted(question, answerer, stub, PipelineStack.KEY_ENV, stub, PipelineStack.KEY_ENV);
        return RunApi.submit(Json.write(Json.yaml().readTree(yaml))).get("run_id").asText();
    }
}
