package dev.assay.it;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.json.Json;
import dev.assay.localstack.stub.RecordedRequest;
import dev.assay.localstack.stub.StubReply;
import io.restassured.RestAssured;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The response cache through the deployed pipeline (docs/cache.md): the three services share it in
 * PostgreSQL, and the stub counts what reaches a model. The same run again makes no call at all;
 * a changed rubric trait re-calls only the rubric judge; replicates keep answers of their own;
 * {@code cache: off} calls every model again.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CacheEndToEndTest {

    /** Unique per test JVM run: answers cached by an earlier run of this class cannot be found. */
    private final String question = "Which city is the capital of France? (" + UUID.randomUUID() + ")";
    private final AtomicInteger answering = new AtomicInteger();
    private final AtomicInteger parsing = new AtomicInteger();
    private final AtomicInteger rubric = new AtomicInteger();

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
    void paysForEachCallOnce() throws Exception {
        JsonNode first = run("Is the answer a single sentence?", null);
        // two replicates: two answers, each parsed and scored on its own
        assertThat(counts()).containsExactly(2, 2, 2);
        assertThat(first.get("results")).allSatisfy(result -> assertThat(cached(result)).isEmpty());
        List<String> answers = new ArrayList<>();
        first.get("results").forEach(result -> answers.add(result.get("response").asText()));
        assertThat(answers).as("replicates keep answers of their own").doesNotHaveDuplicates();

        reset();
        JsonNode second = run("Is the answer a single sentence?", null);
        assertThat(counts()).as("the same run again calls no model").containsExactly(0, 0, 0);
        List<String> again = new ArrayList<>();
        second.get("results").forEach(result -> {
            again.add(result.get("response").asText());
            assertThat(result.get("status").asText()).isEqualTo("passed");
            assertThat(result.get("calls")).allSatisfy(call -> {
                assertThat(call.get("cached").asBoolean()).as("every call from the cache: %s", call).isTrue();
                assertThat(call.get("usage").get("cost_usd").decimalValue()).isZero();
            });
            JsonNode generationCall = result.get("calls").get(0);
            assertThat(generationCall.get("usage").get("input_tokens").asLong()).as("original usage kept").isEqualTo(10);
            // 10 input tokens at $1/M and 5 output at $2/M: what the original call cost, saved this time
            assertThat(generationCall.get("saved_usd").decimalValue()).isEqualByComparingTo("0.00002");
            assertThat(result.get("calls").get(1).has("saved_usd")).as("the judge has no prices: nothing to say").isFalse();
        });
        assertThat(again).containsExactlyInAnyOrderElementsOf(answers);

        reset();
        run("Is the answer one short sentence?", null);
        assertThat(counts()).as("a changed trait re-calls only the rubric judge").containsExactly(0, 0, 2);

        reset();
        run("Is the answer a single sentence?", "off");
        assertThat(counts()).as("cache: off calls every model").containsExactly(2, 2, 2);

        // assay cache stats | clear go through these
        JsonNode stats = Json.read(RestAssured.get("/api/cache").then().statusCode(200).extract().asString(), JsonNode.class);
        assertThat(stats.get("enabled").asBoolean()).isTrue();
        assertThat(stats.get("entries").asLong()).isGreaterThanOrEqualTo(8);
        assertThat(stats.get("hits").asLong()).isGreaterThanOrEqualTo(10);
        JsonNode cleared = Json.read(RestAssured.delete("/api/cache").then().statusCode(200).extract().asString(), JsonNode.class);
        assertThat(cleared.get("cleared").asLong()).isGreaterThanOrEqualTo(8);
        assertThat(Json.read(RestAssured.get("/api/cache").then().statusCode(200).extract().asString(), JsonNode.class)
                .get("entries").asLong()).isZero();
    }

    private List<Integer> counts() {
        return List.of(answering.get(), parsing.get(), rubric.get());
    }

    private void reset() {
        answering.set(0);
        parsing.set(0);
        rubric.set(0);
    }

    private static List<JsonNode> cached(JsonNode result) {
        List<JsonNode> calls = new ArrayList<>();
        result.get("calls").forEach(call -> {
            if (call.path("cached").asBoolean()) {
                calls.add(call);
            }
        });
        return calls;
    }

    private StubReply reply(RecordedRequest request) {
        String body = request.body();
        if ("cache-answerer".equals(request.model())) {
            // a different answer each time, so a replicate answered from another's cache entry would show
            return StubReply.text("The capital of France is Paris (answer " + answering.incrementAndGet() + ").")
                    .withUsage(10, 5);
        }
        if (body.contains("\\\"concise\\\"") || body.contains("\"concise\"")) {
            rubric.incrementAndGet();
            return StubReply.text("{\"concise\":{\"reasoning\":\"One sentence.\",\"verdict\":true}}").withUsage(40, 8);
        }
        parsing.incrementAndGet();
        return StubReply.text("{\"city\":\"Paris\"}").withUsage(40, 8);
    }

    private JsonNode run(String traitDescription, String cache) throws Exception {
        String stub = stack.stub().baseUrl();
        String yaml = """
                benchmark:
                  name: cache
                  questions:
                    - id: france
                      question: "%s"
                      template:
                        fields:
                          city: {type: string, description: the city named as the capital, ground_truth: Paris}
                      rubric:
                        traits:
                          - {name: concise, kind: boolean, description: "%s"}
                config:
                  name: cache run
                  replicates: 2
                  answering_models:
                    - {interface: openai, model: cache-answerer, base_url: "%s", api_key_env: %s, temperature: 0.7,
                       prices: {input_per_million: 1.0, output_per_million: 2.0}}
                  judges:
                    - {interface: openai, model: cache-judge, base_url: "%s", api_key_env: %s, temperature: 0}
                """.formatted(question, traitDescription, stub, PipelineStack.KEY_ENV, stub, PipelineStack.KEY_ENV)
                + (cache == null ? "" : "  cache: " + cache + "\n");
        String runId = RunApi.submit(Json.write(Json.yaml().readTree(yaml))).get("run_id").asText();
        RunApi.awaitCompleted(runId, Duration.ofMinutes(2), stack::logTails);
        return RunApi.results(runId);
    }
}
