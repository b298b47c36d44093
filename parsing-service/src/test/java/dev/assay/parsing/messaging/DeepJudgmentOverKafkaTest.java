package dev.assay.parsing.messaging;

import com.fasterxml.jackson.databind.node.DecimalNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.assay.common.benchmark.AnswerTemplate;
import dev.assay.common.benchmark.FieldType;
import dev.assay.common.benchmark.Question;
import dev.assay.common.benchmark.TemplateField;
import dev.assay.common.json.Json;
import dev.assay.common.pipeline.AnsweredJob;
import dev.assay.common.pipeline.DeepJudgmentTrace;
import dev.assay.common.pipeline.Excerpt;
import dev.assay.common.pipeline.FailureCategory;
import dev.assay.common.pipeline.GenerationOutcome;
import dev.assay.common.pipeline.JobSettings;
import dev.assay.common.pipeline.ParsedJob;
import dev.assay.common.pipeline.ParsingOutcome;
import dev.assay.common.pipeline.RecordedCall;
import dev.assay.common.pipeline.SearchResult;
import dev.assay.common.pipeline.Topics;
import dev.assay.common.pipeline.VerificationJob;
import dev.assay.common.port.UsageMetadata;
import dev.assay.common.prompt.PromptConfig;
import dev.assay.common.prompt.PromptTask;
import dev.assay.common.prompt.judge.DeepJudgmentPrompts;
import dev.assay.common.run.DeepJudgmentMode;
import dev.assay.common.run.DeepJudgmentSettings;
import dev.assay.common.run.EvaluationMode;
import dev.assay.common.run.ModelConfig;
import dev.assay.common.run.SearchToolSettings;
import dev.assay.localstack.stub.RecordedRequest;
import dev.assay.localstack.stub.StubLlmServer;
import dev.assay.testsupport.InjectStubLlm;
import dev.assay.testsupport.KafkaBrokerResource;
import dev.assay.testsupport.StubLlmResource;
import dev.assay.testsupport.StubSearchResource;
import dev.assay.testsupport.StubSearchServer;
import dev.assay.testsupport.TopicClient;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static dev.assay.localstack.stub.RequestMatcher.lastUserMessageContains;
import static dev.assay.localstack.stub.RequestMatcher.systemMessageContains;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Deep judgment of templates through parsing-service: answered jobs on the real broker, the judge
 * served by the stub LLM (answers scripted by prompt content), parsed records read back.
 */
@QuarkusTest
@QuarkusTestResource(KafkaBrokerResource.class)
@QuarkusTestResource(StubLlmResource.class)
@QuarkusTestResource(StubSearchResource.class)
class DeepJudgmentOverKafkaTest {

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final String QUESTION = "What is the capital of France, and how many people live there (in millions)?";
    private static final String RESPONSE = "The capital of France is Paris, home to about 2.1 million people.";
    private static final String REASONING = """
            {"city": "The response names Paris as the capital.", "population_millions": "It says about 2.1 million people."}""";
    private static final String PARSE = "{\"city\": \"Paris\", \"population_millions\": 2.1}";

    @InjectStubLlm
    StubLlmServer stub;

    @BeforeEach
    void reset() {
        stub.reset();
        StubSearchResource.server().reset();
    }

    @Test
    void fullModeQuotesReasonsThenParsesInThreeCallsUnderTheDeepJudgmentInstructions() {
        stub.when(systemMessageContains(DeepJudgmentPrompts.EXCERPT_SYSTEM)).thenReply("""
                {"city": [{"text": "The capital of France is Paris", "confidence": "high"}],
                 "population_millions": [{"text": "home to about 2.1 million people", "confidence": "high"}]}""");
        stub.when(systemMessageContains(DeepJudgmentPrompts.REASONING_SYSTEM)).thenReply(REASONING);
        stub.when(systemMessageContains(DeepJudgmentPrompts.PARSING_FROM_REASONING_SYSTEM)).thenReply(PARSE);

        ParsingOutcome outcome = parse(DeepJudgmentMode.FULL, PromptConfig.fromMap(Map.of("deep_judgment", "Quote whole sentences.")));

        assertThat(outcome.failure()).isNull();
        assertThat(outcome.template().passed()).isTrue();
        assertThat(outcome.calls()).extracting(RecordedCall::task).containsExactly(PromptTask.DJ_TEMPLATE_EXCERPT_EXTRACTION,
                PromptTask.DJ_TEMPLATE_REASONING, PromptTask.PARSING);
        DeepJudgmentTrace trace = outcome.deepJudgment();
        assertThat(trace.mode()).isEqualTo(DeepJudgmentMode.FULL);
        assertThat(trace.modelCalls()).isEqualTo(3);
        assertThat(trace.excerptRetries()).isZero();
        assertThat(trace.stagesCompleted()).containsExactly("excerpts", "reasoning", "parameters");
        assertThat(trace.attributesWithoutExcerpts()).isEmpty();
        assertThat(trace.excerpts().get("city")).containsExactly(new Excerpt("The capital of France is Paris", "high", 1.0));
        assertThat(trace.reasoning()).containsEntry("city", "The response names Paris as the capital.");
        // the dj_* tasks take the deep_judgment instructions; the reasoning reaches the parse, the excerpts the reasoning
        RecordedRequest excerpts = request(DeepJudgmentPrompts.EXCERPT_SYSTEM);
        assertThat(excerpts.systemMessage().orElseThrow()).endsWith("\n\nQuote whole sentences.");
        assertThat(request(DeepJudgmentPrompts.REASONING_SYSTEM).lastUserMessage().orElseThrow()).contains("<excerpts>", "home to about 2.1 million people");
        RecordedRequest parsing = request(DeepJudgmentPrompts.PARSING_FROM_REASONING_SYSTEM);
        assertThat(parsing.lastUserMessage().orElseThrow()).contains("<reasoning>", "It says about 2.1 million people.");
        assertThat(parsing.systemMessage().orElseThrow()).doesNotContain("Quote whole sentences.");
    }

    @Test
    void aHallucinatedAttributeIsRetriedWithFeedbackThenAutofails() {
        stub.when(systemMessageContains(DeepJudgmentPrompts.EXCERPT_SYSTEM)).thenReply("""
                {"city": [{"text": "The capital of France is Paris", "confidence": "high"}],
                 "population_millions": [{"text": "a metropolitan population of 12 million", "confidence": "medium"}]}""");
        stub.when(systemMessageContains(DeepJudgmentPrompts.REASONING_SYSTEM)).thenReply(REASONING);
        stub.when(systemMessageContains(DeepJudgmentPrompts.PARSING_FROM_REASONING_SYSTEM)).thenReply(PARSE);

        ParsingOutcome outcome = parse(DeepJudgmentMode.FULL, PromptConfig.EMPTY);

        assertThat(outcome.failure().category()).isEqualTo(FailureCategory.DEEP_JUDGMENT_AUTOFAIL);
        assertThat(outcome.failure().reason()).contains("population_millions").doesNotContain("city");
        DeepJudgmentTrace trace = outcome.deepJudgment();
        assertThat(trace.attributesWithoutExcerpts()).containsExactly("population_millions");
        assertThat(trace.excerpts().get("population_millions")).isEmpty();
        assertThat(trace.excerptRetries()).isEqualTo(2);
        assertThat(trace.modelCalls()).isEqualTo(5);
        // the parse and its verdict are kept for the reader, but the result does not pass
        assertThat(outcome.template()).isNotNull();
        List<RecordedRequest> excerptCalls = stub.requests().stream()
                .filter(r -> r.systemMessage().orElse("").contains(DeepJudgmentPrompts.EXCERPT_SYSTEM)).toList();
        assertThat(excerptCalls).hasSize(3);
        assertThat(excerptCalls.get(0).lastUserMessage().orElseThrow()).doesNotContain("<feedback>");
        assertThat(excerptCalls.get(1).lastUserMessage().orElseThrow()).contains("<feedback>",
                "population_millions: \"a metropolitan population of 12 million\" (similarity");
    }

    @Test
    void aParaphrasedExcerptIsRecoveredOnRetry() {
        stub.when(lastUserMessageContains("<feedback>")).thenReply("""
                {"city": [{"text": "The capital of France is Paris", "confidence": "high"}],
                 "population_millions": [{"text": "about 2.1 million people", "confidence": "high"}]}""");
        stub.when(systemMessageContains(DeepJudgmentPrompts.EXCERPT_SYSTEM)).thenReply("""
                {"city": [{"text": "The capital of France is Paris", "confidence": "high"}],
                 "population_millions": [{"text": "roughly two point one million inhabitants", "confidence": "high"}]}""");
        stub.when(systemMessageContains(DeepJudgmentPrompts.REASONING_SYSTEM)).thenReply(REASONING);
        stub.when(systemMessageContains(DeepJudgmentPrompts.PARSING_FROM_REASONING_SYSTEM)).thenReply(PARSE);

        ParsingOutcome outcome = parse(DeepJudgmentMode.FULL, PromptConfig.EMPTY);

        assertThat(outcome.failure()).isNull();
        assertThat(outcome.template().passed()).isTrue();
        DeepJudgmentTrace trace = outcome.deepJudgment();
        assertThat(trace.excerptRetries()).isEqualTo(1);
        assertThat(trace.modelCalls()).isEqualTo(4);
        assertThat(trace.attributesWithoutExcerpts()).isEmpty();
        assertThat(trace.excerpts().get("population_millions")).containsExactly(new Excerpt("about 2.1 million people", "high", 1.0));
    }

    @Test
    void reasoningOnlyReasonsFromTheWholeResponseThenParsesInTwoCalls() {
        stub.when(systemMessageContains(DeepJudgmentPrompts.REASONING_SYSTEM)).thenReply(REASONING);
        stub.when(systemMessageContains(DeepJudgmentPrompts.PARSING_FROM_REASONING_SYSTEM)).thenReply(PARSE);

        ParsingOutcome outcome = parse(DeepJudgmentMode.REASONING_ONLY, PromptConfig.EMPTY);

        assertThat(outcome.failure()).isNull();
        assertThat(outcome.template().passed()).isTrue();
        assertThat(outcome.calls()).extracting(RecordedCall::task).containsExactly(PromptTask.DJ_TEMPLATE_REASONING, PromptTask.PARSING);
        DeepJudgmentTrace trace = outcome.deepJudgment();
        assertThat(trace.mode()).isEqualTo(DeepJudgmentMode.REASONING_ONLY);
        assertThat(trace.modelCalls()).isEqualTo(2);
        assertThat(trace.excerpts()).isNull();
        assertThat(trace.stagesCompleted()).containsExactly("reasoning", "parameters");
        assertThat(request(DeepJudgmentPrompts.REASONING_SYSTEM).lastUserMessage().orElseThrow()).doesNotContain("<excerpts>");
    }

    @Test
    void searchGivesEachExcerptAHallucinationRiskAndTheAttributeItsHighestWithoutFailingTheResult() {
        StubSearchServer search = StubSearchResource.server();
        search.when("The capital of France is Paris", List.of(Map.of("title", "Paris", "url", "https://example.org/paris",
                "content", "Paris is the capital and largest city of France.")));
        stub.when(systemMessageContains(DeepJudgmentPrompts.EXCERPT_SYSTEM)).thenReply("""
                {"city": [{"text": "The capital of France is Paris", "confidence": "high"}],
                 "population_millions": [{"text": "home to about 2.1 million people", "confidence": "high"}]}""");
        stub.when(systemMessageContains(DeepJudgmentPrompts.HALLUCINATION_SYSTEM)).thenReply("""
                {"assessments": [
                  {"excerpt_id": "e1", "hallucination_risk": "none", "justification": "the search confirms it"},
                  {"excerpt_id": "e2", "hallucination_risk": "high", "justification": "no search result supports it"}]}""");
        stub.when(systemMessageContains(DeepJudgmentPrompts.REASONING_SYSTEM)).thenReply(REASONING);
        stub.when(systemMessageContains(DeepJudgmentPrompts.PARSING_FROM_REASONING_SYSTEM)).thenReply(PARSE);

        ParsedJob parsed = parseJob(withSearch(search.url()), PromptConfig.EMPTY);
        ParsingOutcome outcome = parsed.parsing();

        // a high risk is advice for the reader: the result still passes
        assertThat(outcome.failure()).isNull();
        assertThat(outcome.template().passed()).isTrue();
        assertThat(outcome.calls()).extracting(RecordedCall::task).containsExactly(PromptTask.DJ_TEMPLATE_EXCERPT_EXTRACTION,
                PromptTask.DJ_TEMPLATE_HALLUCINATION, PromptTask.DJ_TEMPLATE_REASONING, PromptTask.PARSING);
        DeepJudgmentTrace trace = outcome.deepJudgment();
        assertThat(trace.stagesCompleted()).containsExactly("excerpts", "hallucination", "reasoning", "parameters");
        assertThat(trace.modelCalls()).isEqualTo(4);
        assertThat(trace.hallucinationRisk()).containsExactly(Map.entry("city", "none"), Map.entry("population_millions", "high"));
        assertThat(trace.searchFailure()).isNull();
        Excerpt city = trace.excerpts().get("city").get(0);
        assertThat(city.hallucinationRisk()).isEqualTo("none");
        assertThat(city.riskJustification()).isEqualTo("the search confirms it");
        assertThat(city.searchResults()).containsExactly(new SearchResult("Paris", "https://example.org/paris",
                "Paris is the capital and largest city of France."));
        assertThat(trace.excerpts().get("population_millions").get(0).searchResults()).isEmpty();
        // one search per excerpt, its text the query, the key (named ${ASSAY_TEST_SEARCH_KEY}) as a bearer token
        assertThat(search.requests()).extracting(StubSearchServer.Request::query)
                .containsExactly("The capital of France is Paris", "home to about 2.1 million people");
        assertThat(search.requests()).allSatisfy(request -> {
            assertThat(request.authorization()).isEqualTo("Bearer " + StubSearchResource.KEY);
            assertThat(request.body().path("max_results").asInt()).isEqualTo(3);
        });
        // the assessor sees the search results; the reasoning sees the risks
        assertThat(request(DeepJudgmentPrompts.HALLUCINATION_SYSTEM).lastUserMessage().orElseThrow())
                .contains("<excerpt id=\"e1\" about=\"city\">", "Paris is the capital and largest city of France.", "(no results)");
        assertThat(request(DeepJudgmentPrompts.REASONING_SYSTEM).lastUserMessage().orElseThrow()).contains("\"hallucination_risk\" : \"high\"");
        assertThat(Json.write(parsed)).doesNotContain(StubSearchResource.KEY);
    }

    @Test
    void aFailingSearchIsRecordedAndTheExcerptsGoUnassessed() {
        StubSearchServer search = StubSearchResource.server();
        search.failWith(500);
        stub.when(systemMessageContains(DeepJudgmentPrompts.EXCERPT_SYSTEM)).thenReply("""
                {"city": [{"text": "The capital of France is Paris", "confidence": "high"}],
                 "population_millions": [{"text": "home to about 2.1 million people", "confidence": "high"}]}""");
        stub.when(systemMessageContains(DeepJudgmentPrompts.REASONING_SYSTEM)).thenReply(REASONING);
        stub.when(systemMessageContains(DeepJudgmentPrompts.PARSING_FROM_REASONING_SYSTEM)).thenReply(PARSE);

        ParsedJob parsed = parseJob(withSearch(search.url()), PromptConfig.EMPTY);
        ParsingOutcome outcome = parsed.parsing();

        assertThat(outcome.failure()).isNull();
        assertThat(outcome.calls()).extracting(RecordedCall::task).containsExactly(PromptTask.DJ_TEMPLATE_EXCERPT_EXTRACTION,
                PromptTask.DJ_TEMPLATE_REASONING, PromptTask.PARSING);
        DeepJudgmentTrace trace = outcome.deepJudgment();
        assertThat(trace.searchFailure()).contains("search tool " + search.url(), "HTTP 500");
        assertThat(trace.hallucinationRisk()).isNull();
        assertThat(trace.stagesCompleted()).containsExactly("excerpts", "reasoning", "parameters");
        assertThat(Json.write(parsed)).doesNotContain(StubSearchResource.KEY);
    }

    private static DeepJudgmentSettings withSearch(String url) {
        return new DeepJudgmentSettings(DeepJudgmentMode.FULL, null, null, null, null, true,
                SearchToolSettings.http(url, "${" + StubSearchResource.KEY_VARIABLE + "}"), null, null);
    }

    private RecordedRequest request(String system) {
        return stub.requests().stream().filter(r -> r.systemMessage().orElse("").contains(system)).findFirst().orElseThrow();
    }

    private ParsingOutcome parse(DeepJudgmentMode mode, PromptConfig prompts) {
        return parseJob(new DeepJudgmentSettings(mode, null, null, null), prompts).parsing();
    }

    private ParsedJob parseJob(DeepJudgmentSettings deepJudgment, PromptConfig prompts) {
        ModelConfig judge = new ModelConfig(null, "openai", "judge-dj", stub.baseUrl(), "TEST_LLM_KEY", 0.0, 256, null,
                Duration.ofSeconds(10), 4, null);
        Question question = new Question("q-capital", QUESTION, "Paris, about 2.1 million", List.of(), template(), null);
        JobSettings settings = new JobSettings(EvaluationMode.TEMPLATE_ONLY, false, false, prompts)
                .withDeepJudgment(deepJudgment);
        VerificationJob job = VerificationJob.create("run-" + UUID.randomUUID(), question, ModelConfig.of("openai", "answerer"),
                List.of(judge), 1, settings, null, Instant.parse("2026-11-01T10:00:00Z"));
        AnsweredJob answered = AnsweredJob.of(job, new GenerationOutcome(RESPONSE, List.of(), UsageMetadata.of("m", 20, 15), 120, null));
        TopicClient.publish(Topics.ANSWERS, answered.jobId(), Json.write(answered));
        String runId = answered.runId();
        return Json.read(TopicClient.await(Topics.PARSED, r -> r.value().contains("\"run_id\":\"" + runId + "\""), 1, WAIT).get(0).value(),
                ParsedJob.class);
    }

    private static AnswerTemplate template() {
        Map<String, TemplateField> fields = new LinkedHashMap<>();
        fields.put("city", new TemplateField(FieldType.STRING, "The city named as the capital.", TextNode.valueOf("Paris"), null,
                null, null, null, null));
        fields.put("population_millions", new TemplateField(FieldType.NUMBER, "The population given, in millions.",
                DecimalNode.valueOf(new BigDecimal("2.1")), true, null, null, null, null));
        return new AnswerTemplate(fields);
    }
}
