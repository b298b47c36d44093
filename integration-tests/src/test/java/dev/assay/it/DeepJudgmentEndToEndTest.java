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
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Deep judgment through the three deployed services, three runs on one stack at once: one whose
 * templates are judged in {@code full} mode with search (a Tavily-compatible stub on 127.0.0.1,
 * its key named in the run config and set only in the services' environment), a rubric trait
 * deep-judged by its own {@code deep_judgment} block, and the embedding check overriding a close
 * parse; one in {@code full} mode without search, where excerpt validation catches a hallucinated
 * attribute and a paraphrase recovered on retry; one in {@code reasoning_only}. The scripted judge
 * answers by question and by which deep-judgment prompt each request carries; the tests read the
 * stored results back through the API and what the stub was sent.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DeepJudgmentEndToEndTest {

    private static final String SEARCH_KEY_ENV = "ASSAY_E2E_SEARCH_KEY";
    private static final String SEARCH_KEY = "tvly-e2e-secret-0b7c";
    private static final String Q_CAPITAL = "What is the capital of France?";
    private static final String Q_COLOUR = "Name a primary colour.";
    private static final String A_CAPITAL = "The capital of France is Paris (source: CIA World Factbook).";
    private static final String A_COLOUR = "Crimson red.";
    /** Full mode without search: the judge quotes a population the response never states. */
    private static final String Q_TOKYO = "What is the capital of Japan, and how many people live there (in millions)?";
    private static final String A_TOKYO = "The capital of Japan is Tokyo.";
    private static final String HALLUCINATED = "Tokyo is home to about 14 million people";
    /** Full mode without search: the judge paraphrases first and quotes verbatim when told. */
    private static final String Q_ROME = "What is the capital of Italy, and how many people live there (in millions)?";
    private static final String A_ROME = "Rome is the capital of Italy, home to about 2.8 million people.";
    private static final String PARAPHRASE = "roughly two point eight million inhabitants";
    private static final String VERBATIM = "home to about 2.8 million people";
    /** reasoning_only. */
    private static final String Q_MADRID = "Name a European capital and its country.";
    private static final String A_MADRID = "Madrid is the capital of Spain.";
    private static final String MADRID_REASONING = "{\"city\": \"The response names Madrid as the capital.\", \"country\": \"It says Spain.\"}";
    /** The excerpt retries the full-mode run without search allows (Karenina's default is 2). */
    private static final int RETRIES = 1;
    private static final Map<String, String> ANSWERS = Map.of(Q_CAPITAL, A_CAPITAL, Q_COLOUR, A_COLOUR, Q_TOKYO, A_TOKYO,
            Q_ROME, A_ROME, Q_MADRID, A_MADRID);

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
        // the three runs side by side: the stack is what takes long to start
        List<String> runIds = List.of(RunApi.submit(runRequest()).get("run_id").asText(),
                RunApi.submit(checkedRunRequest()).get("run_id").asText(),
                RunApi.submit(reasoningOnlyRunRequest()).get("run_id").asText());
        for (String runId : runIds) {
            RunApi.awaitCompleted(runId, Duration.ofMinutes(3), stack::logTails);
            RunApi.results(runId).get("results").forEach(result -> results.put(result.get("question_id").asText(), result));
        }
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

    @Test
    void aHallucinatedAttributeIsRetriedWithFeedbackThenAutoFailsTheResultByExcerptValidation() {
        JsonNode tokyo = results.get("tokyo");
        // the parse matches the ground truth: only the missing evidence fails the result
        assertThat(tokyo.get("template").get("passed").asBoolean()).isTrue();
        assertThat(tokyo.get("status").asText()).isEqualTo("failed");
        JsonNode failure = tokyo.get("failure");
        assertThat(failure.get("category").asText()).isEqualTo("deep_judgment_autofail");
        assertThat(failure.get("stage").asText()).isEqualTo("parsing");
        assertThat(failure.get("reason").asText()).contains("population_millions").doesNotContain("city");
        JsonNode deep = tokyo.get("deep_judgment");
        assertThat(texts(deep.get("attributes_without_excerpts"))).containsExactly("population_millions");
        assertThat(deep.get("excerpts").get("population_millions")).isEmpty();
        assertThat(deep.get("excerpts").get("city").get(0).get("text").asText()).isEqualTo(A_TOKYO);
        // the configured retries, each call counted: every excerpt attempt, the reasoning and the parse
        assertThat(deep.get("excerpt_retries").asInt()).isEqualTo(RETRIES);
        assertThat(deep.get("model_calls").asInt()).isEqualTo(RETRIES + 3);
        assertThat(tasks(tokyo, "parsing")).containsExactly("dj_template_excerpt_extraction", "dj_template_excerpt_extraction",
                "dj_template_reasoning", "parsing");
        // what the judge was sent: the retry names the rejected quote below the threshold; the reasoning never sees it
        List<RecordedRequest> excerptCalls = judgeRequests(Q_TOKYO, DeepJudgmentPrompts.EXCERPT_SYSTEM);
        assertThat(excerptCalls).hasSize(RETRIES + 1);
        assertThat(excerptCalls.get(0).lastUserMessage().orElseThrow()).doesNotContain("<feedback>");
        String feedback = excerptCalls.get(1).lastUserMessage().orElseThrow();
        assertThat(feedback).contains("<feedback>", "population_millions: \"" + HALLUCINATED + "\"").doesNotContain("city: \"");
        assertThat(rejectedSimilarity(feedback, HALLUCINATED)).isLessThan(0.8);
        assertThat(judgeRequests(Q_TOKYO, DeepJudgmentPrompts.REASONING_SYSTEM)).singleElement()
                .satisfies(reasoning -> assertThat(reasoning.lastUserMessage().orElseThrow()).contains("<excerpts>", A_TOKYO)
                        .doesNotContain(HALLUCINATED));
    }

    @Test
    void aParaphrasedExcerptIsRejectedAndTheVerbatimQuoteOfTheRetryRecoversTheAttribute() {
        JsonNode rome = results.get("rome");
        assertThat(rome.get("status").asText()).isEqualTo("passed");
        assertThat(rome.hasNonNull("failure")).as("failure: %s", rome.get("failure")).isFalse();
        JsonNode deep = rome.get("deep_judgment");
        assertThat(deep.get("attributes_without_excerpts")).isEmpty();
        assertThat(deep.get("excerpt_retries").asInt()).isEqualTo(1);
        assertThat(deep.get("model_calls").asInt()).isEqualTo(4);
        JsonNode population = deep.get("excerpts").get("population_millions");
        assertThat(population).hasSize(1);
        assertThat(population.get(0).get("text").asText()).isEqualTo(VERBATIM);
        assertThat(population.get(0).get("similarity_score").asDouble()).isEqualTo(1.0);
        // the judge saw the feedback naming its paraphrase, and the reasoning got the verbatim quote only
        List<RecordedRequest> excerptCalls = judgeRequests(Q_ROME, DeepJudgmentPrompts.EXCERPT_SYSTEM);
        assertThat(excerptCalls).hasSize(2);
        String feedback = excerptCalls.get(1).lastUserMessage().orElseThrow();
        assertThat(feedback).contains("<feedback>", "population_millions: \"" + PARAPHRASE + "\"");
        assertThat(rejectedSimilarity(feedback, PARAPHRASE)).isLessThan(0.8);
        assertThat(judgeRequests(Q_ROME, DeepJudgmentPrompts.REASONING_SYSTEM)).singleElement()
                .satisfies(reasoning -> assertThat(reasoning.lastUserMessage().orElseThrow()).contains(VERBATIM).doesNotContain(PARAPHRASE));
        // the stored calls keep both attempts, the second with its feedback, as sent
        List<JsonNode> stored = calls(rome, "dj_template_excerpt_extraction");
        assertThat(stored).hasSize(2);
        assertThat(Json.write(stored.get(0).get("messages"))).doesNotContain("<feedback>");
        assertThat(Json.write(stored.get(1).get("messages"))).contains("<feedback>", PARAPHRASE);
    }

    @Test
    void reasoningOnlyReasonsFromTheWholeResponseThenParsesInTwoCallsWithoutExcerpts() {
        JsonNode madrid = results.get("madrid");
        assertThat(madrid.get("status").asText()).isEqualTo("passed");
        JsonNode deep = madrid.get("deep_judgment");
        assertThat(deep.get("mode").asText()).isEqualTo("reasoning_only");
        assertThat(deep.get("model_calls").asInt()).isEqualTo(2);
        assertThat(deep.hasNonNull("excerpts")).isFalse();
        assertThat(deep.get("excerpt_retries").asInt()).isZero();
        assertThat(texts(deep.get("stages_completed"))).containsExactly("reasoning", "parameters");
        JsonNode reasoning = Json.read(MADRID_REASONING, JsonNode.class);
        assertThat(deep.get("reasoning")).isEqualTo(reasoning);
        // two calls for the whole template: reasoning from the response, then the parse from that reasoning
        assertThat(tasks(madrid, "parsing")).containsExactly("dj_template_reasoning", "parsing");
        assertThat(judgeRequests(Q_MADRID, DeepJudgmentPrompts.EXCERPT_SYSTEM)).isEmpty();
        assertThat(judgeRequests(Q_MADRID, DeepJudgmentPrompts.REASONING_SYSTEM)).singleElement()
                .satisfies(request -> assertThat(request.lastUserMessage().orElseThrow()).contains(A_MADRID, "<template_schema>")
                        .doesNotContain("<excerpts>"));
        assertThat(judgeRequests(Q_MADRID, DeepJudgmentPrompts.PARSING_FROM_REASONING_SYSTEM)).singleElement()
                .satisfies(request -> assertThat(request.lastUserMessage().orElseThrow())
                        .contains("<reasoning>", reasoning.get("city").asText(), reasoning.get("country").asText()));
    }

    // ---- the scripted models ----

    private static StubReply reply(RecordedRequest request) {
        String model = request.model() == null ? "" : request.model();
        String user = request.lastUserMessage().orElse("");
        String system = request.systemMessage().orElse("");
        if (model.equals("model-a")) {
            return ANSWERS.entrySet().stream().filter(entry -> user.contains(entry.getKey())).findFirst()
                    .map(entry -> StubReply.text(entry.getValue()).withUsage(10, 5))
                    .orElseThrow(() -> new IllegalStateException("a question this script does not know: " + user));
        }
        String answer;
        if (user.contains(Q_TOKYO)) {
            answer = checkedJudge(system, """
                    {"city": [{"text": "The capital of Japan is Tokyo.", "confidence": "high"}],
                     "population_millions": [{"text": "%s", "confidence": "high"}]}""".formatted(HALLUCINATED),
                    "{\"city\": \"It names Tokyo.\", \"population_millions\": \"It does not say; Tokyo has about 14 million.\"}",
                    "{\"city\": \"Tokyo\", \"population_millions\": 14}");
        } else if (user.contains(Q_ROME)) {
            answer = checkedJudge(system, """
                    {"city": [{"text": "Rome is the capital of Italy", "confidence": "high"}],
                     "population_millions": [{"text": "%s", "confidence": "high"}]}""".formatted(user.contains("<feedback>") ? VERBATIM : PARAPHRASE),
                    "{\"city\": \"It names Rome.\", \"population_millions\": \"It says about 2.8 million people.\"}",
                    "{\"city\": \"Rome\", \"population_millions\": 2.8}");
        } else if (user.contains(Q_MADRID)) {
            answer = checkedJudge(system, null, MADRID_REASONING, "{\"city\": \"Madrid\", \"country\": \"Spain\"}");
        } else {
            answer = firstRunJudge(request, user, system);
        }
        return StubReply.text(answer).withUsage(40, 8);
    }

    /** The judge of the runs without search: excerpts (none expected when null), reasoning, then the parse from it. */
    private static String checkedJudge(String system, String excerpts, String reasoning, String parse) {
        if (excerpts != null && system.contains(DeepJudgmentPrompts.EXCERPT_SYSTEM)) {
            return excerpts;
        } else if (system.contains(DeepJudgmentPrompts.REASONING_SYSTEM)) {
            return reasoning;
        } else if (system.contains(DeepJudgmentPrompts.PARSING_FROM_REASONING_SYSTEM)) {
            return parse;
        }
        throw new IllegalStateException("a judge request this script does not expect: " + system);
    }

    private static String firstRunJudge(RecordedRequest request, String user, String system) {
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
        return answer;
    }

    // ---- reading results ----

    /** The judge requests about {@code question} whose system text carries {@code system}, in arrival order. */
    private List<RecordedRequest> judgeRequests(String question, String system) {
        return stack.stub().requests().stream()
                .filter(request -> !"model-a".equals(request.model()))
                .filter(request -> request.lastUserMessage().orElse("").contains(question))
                .filter(request -> request.systemMessage().orElse("").contains(system))
                .toList();
    }

    /** The similarity the feedback gives the rejected {@code quote}: {@code "quote" (similarity 0.12)}. */
    private static double rejectedSimilarity(String feedback, String quote) {
        Matcher matcher = Pattern.compile(Pattern.quote("\"" + quote + "\" (similarity ") + "([0-9.]+)\\)").matcher(feedback);
        assertThat(matcher.find()).as("the similarity of \"%s\" in %s", quote, feedback).isTrue();
        return Double.parseDouble(matcher.group(1));
    }

    private static List<JsonNode> calls(JsonNode result, String task) {
        List<JsonNode> calls = new ArrayList<>();
        result.get("calls").forEach(call -> {
            if (call.get("task").asText().equals(task)) {
                calls.add(call);
            }
        });
        return calls;
    }

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

    /** Full mode without search, retries as configured: the hallucinated attribute and the paraphrase. */
    private String checkedRunRequest() throws Exception {
        String population = "population_millions: {type: number, description: the population given in millions, ground_truth: %s}";
        return runYaml("excerpt validation", """
                    - id: tokyo
                      question: "%s"
                      template:
                        fields:
                          city: {type: string, description: the capital named, ground_truth: Tokyo}
                          %s
                    - id: rome
                      question: "%s"
                      template:
                        fields:
                          city: {type: string, description: the capital named, ground_truth: Rome}
                          %s
                """.formatted(Q_TOKYO, population.formatted(14), Q_ROME, population.formatted(2.8)),
                "{mode: full, excerpt_retry_attempts: " + RETRIES + "}");
    }

    private String reasoningOnlyRunRequest() throws Exception {
        return runYaml("reasoning only", """
                    - id: madrid
                      question: "%s"
                      template:
                        fields:
                          city: {type: string, description: the capital named, ground_truth: Madrid}
                          country: {type: string, description: the country named, ground_truth: Spain}
                """.formatted(Q_MADRID), "{mode: reasoning_only}");
    }

    /** A run of {@code questions} (YAML list items) with the run config's {@code deep_judgment} set to {@code deepJudgment}. */
    private String runYaml(String name, String questions, String deepJudgment) throws Exception {
        String stub = stack.stub().baseUrl();
        String yaml = """
                benchmark:
                  name: %s
                  questions:
                %s
                config:
                  name: %s e2e
                  answering_models:
                    - {interface: openai, model: model-a, base_url: "%s", api_key_env: %s}
                  judges:
                    - {interface: openai, model: judge-1, base_url: "%s", api_key_env: %s}
                  deep_judgment: %s
                """.formatted(name, questions.stripTrailing(), name, stub, PipelineStack.KEY_ENV, stub, PipelineStack.KEY_ENV, deepJudgment);
        return Json.write(Json.yaml().readTree(yaml));
    }
}
