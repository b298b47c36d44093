package dev.assay.it;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.json.Json;
import dev.assay.common.prompt.judge.DeepJudgmentPrompts;
import dev.assay.common.prompt.judge.EmbeddingEquivalencePrompt;
import dev.assay.common.prompt.judge.ParsingPrompt;
import dev.assay.localstack.stub.RecordedRequest;
import dev.assay.localstack.stub.StubReply;
import dev.assay.testsupport.StubSearchServer;
import io.restassured.RestAssured;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Deep judgment through the three deployed services: a run whose templates are judged in
 * {@code full} mode with search (a Tavily-compatible stub on 127.0.0.1, its key named in the run
 * config and set only in the services' environment), a rubric trait deep-judged by its own
 * {@code deep_judgment} block, and the embedding check overriding a close parse. The scripted
 * judge answers by which deep-judgment prompt each request carries.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DeepJudgmentEndToEndTest {

    private static final String SEARCH_KEY_ENV = "ASSAY_E2E_SEARCH_KEY";
    private static final String SEARCH_KEY = "tvly-e2e-secret-0b7c";
    private static final String Q_CAPITAL = "What is the capital of France?";
    private static final String Q_COLOUR = "Name a primary colour.";
    private static final String A_CAPITAL = "The capital of France is Paris (source: CIA World Factbook).";
    private static final String A_COLOUR = "Crimson red.";

    private PipelineStack stack;
    private StubSearchServer search;
    private final Map<String, JsonNode> results = new HashMap<>();

    @BeforeAll
    void run() throws Exception {
        search = StubSearchServer.start();
        search.when("Paris", List.of(Map.of("title", "Paris", "url", "https://example.org/paris", "content", "Paris is the capital of France.")));
        stack = PipelineStack.start(Map.of(SEARCH_KEY_ENV, SEARCH_KEY));
        stack.stub().fallback(StubReply.computed(DeepJudgmentEndToEndTest::reply));
        RestAssured.baseURI = stack.apiUrl();
        String runId = RunApi.submit(runRequest()).get("run_id").asText();
        RunApi.awaitCompleted(runId, Duration.ofMinutes(3), stack::logTails);
        RunApi.results(runId).get("results").forEach(result -> results.put(result.get("question_id").asText(), result));
    }

    @AfterAll
    void stop() {
        if (stack != null) {
            stack.close();
        }
        if (search != null) {
            search.close();
        }
    }

    @Test
    void aTemplateIsJudgedThroughExcerptsSearchRisksReasoningAndTheParse() {
        JsonNode capital = results.get("capital");
        assertThat(capital.get("status").asText()).isEqualTo("passed");
        JsonNode deep = capital.get("deep_judgment");
        assertThat(texts(deep.get("stages_completed"))).containsExactly("excerpts", "hallucination", "reasoning", "parameters");
        assertThat(deep.get("hallucination_risk").get("city").asText()).isEqualTo("low");
        JsonNode excerpt = deep.get("excerpts").get("city").get(0);
        assertThat(excerpt.get("text").asText()).isEqualTo("The capital of France is Paris");
        assertThat(excerpt.get("similarity_score").asDouble()).isEqualTo(1.0);
        assertThat(excerpt.get("search_results").get(0).get("url").asText()).isEqualTo("https://example.org/paris");
        assertThat(tasks(capital, "parsing")).containsExactly("dj_template_excerpt_extraction", "dj_template_hallucination",
                "dj_template_reasoning", "parsing");
        // the key reached the search API from the parsing service's environment, and nowhere else
        assertThat(search.requests()).isNotEmpty().allSatisfy(request -> assertThat(request.authorization()).isEqualTo("Bearer " + SEARCH_KEY));
        assertThat(Json.write(capital)).doesNotContain(SEARCH_KEY);
    }

    @Test
    void aTraitWithItsOwnDeepJudgmentBlockIsDeepJudgedAndTheOtherScoredAsUsual() {
        JsonNode capital = results.get("capital");
        JsonNode cites = trait(capital, "cites_source");
        assertThat(cites.get("passed").asBoolean()).isTrue();
        assertThat(cites.get("deep_judgment").get("excerpts").get(0).get("text").asText()).isEqualTo("(source: CIA World Factbook)");
        assertThat(trait(capital, "concise").has("deep_judgment")).isFalse();
        assertThat(tasks(capital, "rubric")).containsExactly("rubric_llm_trait_batch", "dj_rubric_excerpt_extraction",
                "dj_rubric_reasoning", "dj_rubric_score_extraction");
    }

    @Test
    void aCloseParseIsOverriddenByTheEmbeddingCheckWithItsScore() {
        JsonNode colour = results.get("colour");
        assertThat(colour.get("status").asText()).isEqualTo("passed");
        JsonNode check = colour.get("template").get("embedding_check");
        assertThat(check.get("similarity").asDouble()).isCloseTo(2 / Math.sqrt(6), within(1e-6));
        assertThat(check.get("judge_confirmed").asBoolean()).isTrue();
        assertThat(check.get("override_applied").asBoolean()).isTrue();
        assertThat(colour.get("template").get("fields").get(0).get("passed").asBoolean()).isFalse();
    }

    // ---- the scripted models ----

    private static StubReply reply(RecordedRequest request) {
        String model = request.model() == null ? "" : request.model();
        String user = request.lastUserMessage().orElse("");
        String system = request.systemMessage().orElse("");
        if (model.equals("model-a")) {
            return StubReply.text(user.contains(Q_CAPITAL) ? A_CAPITAL : A_COLOUR).withUsage(10, 5);
        }
        boolean capital = user.contains(Q_CAPITAL);
        String answer;
        if (system.contains(DeepJudgmentPrompts.RUBRIC_EXCERPT_SYSTEM)) {
            answer = "{\"excerpts\": [{\"text\": \"(source: CIA World Factbook)\", \"confidence\": \"high\"}]}";
        } else if (system.contains(DeepJudgmentPrompts.RUBRIC_REASONING_SYSTEM)) {
            answer = "{\"reasoning\": \"It names the CIA World Factbook.\"}";
        } else if (system.contains(DeepJudgmentPrompts.RUBRIC_SCORE_SYSTEM)) {
            answer = "{\"reasoning\": \"A source is named.\", \"verdict\": true}";
        } else if (system.contains(DeepJudgmentPrompts.EXCERPT_SYSTEM)) {
            answer = capital ? "{\"city\": [{\"text\": \"The capital of France is Paris\", \"confidence\": \"high\"}]}"
                    : "{\"colour\": [{\"text\": \"Crimson red.\", \"confidence\": \"high\"}]}";
        } else if (system.contains(DeepJudgmentPrompts.HALLUCINATION_SYSTEM)) {
            answer = "{\"assessments\": [{\"excerpt_id\": \"e1\", \"hallucination_risk\": \"low\", \"justification\": \"supported\"}]}";
        } else if (system.contains(DeepJudgmentPrompts.REASONING_SYSTEM)) {
            answer = capital ? "{\"city\": \"It names Paris.\"}" : "{\"colour\": \"It names crimson red.\"}";
        } else if (system.contains(EmbeddingEquivalencePrompt.SYSTEM)) {
            answer = "{\"reasoning\": \"Crimson red is red.\", \"equivalent\": true}";
        } else if (system.contains(ParsingPrompt.SYSTEM)) {
            answer = capital ? "{\"city\": \"Paris\"}" : "{\"colour\": \"crimson red\"}";
        } else if (user.contains("<traits>")) {
            answer = "{\"concise\": {\"reasoning\": \"One sentence.\", \"verdict\": true}}";
        } else {
            throw new IllegalStateException("a judge request this script does not know: " + request.body());
        }
        return StubReply.text(answer).withUsage(40, 8);
    }

    // ---- reading results ----

    private static JsonNode trait(JsonNode result, String name) {
        for (JsonNode trait : result.get("rubric")) {
            if (trait.get("name").asText().equals(name)) {
                return trait;
            }
        }
        throw new AssertionError("no trait " + name + " in " + result);
    }

    private static List<String> tasks(JsonNode result, String stage) {
        List<String> tasks = new ArrayList<>();
        result.get("calls").forEach(call -> {
            if (call.get("stage").asText().equals(stage)) {
                tasks.add(call.get("task").asText());
            }
        });
        return tasks;
    }

    private static List<String> texts(JsonNode array) {
        List<String> texts = new ArrayList<>();
        array.forEach(item -> texts.add(item.asText()));
        return texts;
    }

    private String runRequest() throws Exception {
        String stub = stack.stub().baseUrl();
        String yaml = """
                benchmark:
                  name: deep judgment
                  questions:
                    - id: capital
                      question: "%s"
                      template:
                        fields:
                          city: {type: string, description: the capital named, ground_truth: Paris}
                      rubric:
                        traits:
                          - {name: concise, kind: boolean, description: The response is one sentence}
                          - {name: cites_source, kind: boolean, description: The response names a source,
                             deep_judgment: {max_excerpts: 3}}
                    - id: colour
                      question: "%s"
                      template:
                        fields:
                          colour: {type: string, description: the colour named, ground_truth: red}
                config:
                  name: deep judgment e2e
                  answering_models:
                    - {interface: openai, model: model-a, base_url: "%s", api_key_env: %s}
                  judges:
                    - {interface: openai, model: judge-1, base_url: "%s", api_key_env: %s}
                  deep_judgment:
                    mode: full
                    search_enabled: true
                    search_tool: {kind: http, url: "%s", api_key: "${%s}"}
                  embedding_check: {enabled: true, model: stub-embed, threshold: 0.8}
                """.formatted(Q_CAPITAL, Q_COLOUR, stub, PipelineStack.KEY_ENV, stub, PipelineStack.KEY_ENV, search.url(), SEARCH_KEY_ENV);
        return Json.write(Json.yaml().readTree(yaml));
    }
}
