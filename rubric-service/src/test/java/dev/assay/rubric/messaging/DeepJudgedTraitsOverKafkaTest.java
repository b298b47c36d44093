package dev.assay.rubric.messaging;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.assay.common.benchmark.AnswerTemplate;
import dev.assay.common.benchmark.FieldType;
import dev.assay.common.benchmark.Question;
import dev.assay.common.benchmark.Rubric;
import dev.assay.common.benchmark.RubricTrait;
import dev.assay.common.benchmark.TemplateField;
import dev.assay.common.json.Json;
import dev.assay.testsupport.StubSearchServer;
import dev.assay.testsupport.StubSearchResource;
import dev.assay.common.benchmark.TraitDeepJudgmentSettings;
import dev.assay.common.run.SearchToolSettings;
import dev.assay.common.prompt.judge.TraitPrompt;
import dev.assay.common.pipeline.SearchResult;
import dev.assay.common.pipeline.AnsweredJob;
import dev.assay.common.pipeline.Excerpt;
import dev.assay.common.pipeline.FailureCategory;
import dev.assay.common.pipeline.GenerationOutcome;
import dev.assay.common.pipeline.JobSettings;
import dev.assay.common.pipeline.ParsedJob;
import dev.assay.common.pipeline.ParsingOutcome;
import dev.assay.common.pipeline.RecordedCall;
import dev.assay.common.pipeline.ResultStatus;
import dev.assay.common.pipeline.Stage;
import dev.assay.common.pipeline.Topics;
import dev.assay.common.pipeline.TraitScore;
import dev.assay.common.pipeline.VerificationJob;
import dev.assay.common.pipeline.VerificationResult;
import dev.assay.common.port.UsageMetadata;
import dev.assay.common.prompt.PromptConfig;
import dev.assay.common.prompt.PromptTask;
import dev.assay.common.prompt.judge.DeepJudgmentPrompts;
import dev.assay.common.run.DeepJudgmentSettings;
import dev.assay.common.run.EvaluationMode;
import dev.assay.common.run.ModelConfig;
import dev.assay.common.template.TemplateVerifier;
import dev.assay.localstack.stub.StubLlmServer;
import dev.assay.testsupport.InjectStubLlm;
import dev.assay.testsupport.KafkaBrokerResource;
import dev.assay.testsupport.StubLlmResource;
import dev.assay.testsupport.TopicClient;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static dev.assay.localstack.stub.RequestMatcher.lastUserMessageContains;
import static dev.assay.localstack.stub.RequestMatcher.systemMessageContains;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Deep judgment of rubric traits through rubric-service: parsed records on the real broker, the
 * judge served by the stub LLM (answers scripted by prompt content), results read back.
 */
@QuarkusTest
@QuarkusTestResource(KafkaBrokerResource.class)
@QuarkusTestResource(StubLlmResource.class)
@QuarkusTestResource(StubSearchResource.class)
class DeepJudgedTraitsOverKafkaTest {

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final String QUESTION = "What is the capital of France?";
    private static final String RESPONSE = "Paris is the capital of France (source: CIA World Factbook).";
    private static final RubricTrait CITES_SOURCE = RubricTrait.booleanTrait("cites_source", "The response names a source.");
    private static final RubricTrait IS_SHORT = RubricTrait.booleanTrait("is_short", "The response is one sentence.");

    @InjectStubLlm
    StubLlmServer stub;

    @BeforeEach
    void reset() {
        stub.reset();
        StubSearchResource.server().reset();
    }

    @Test
    void aTraitIsScoredFromItsExcerptsAndReasoningAParaphraseRetriedWithFeedback() {
        stub.when(lastUserMessageContains("<feedback>")).thenReply(
                "{\"excerpts\": [{\"text\": \"(source: CIA World Factbook)\", \"confidence\": \"high\"}]}");
        stub.when(systemMessageContains(DeepJudgmentPrompts.RUBRIC_EXCERPT_SYSTEM)).thenReply(
                "{\"excerpts\": [{\"text\": \"according to the CIA's factbook\", \"confidence\": \"high\"}]}");
        stub.when(systemMessageContains(DeepJudgmentPrompts.RUBRIC_REASONING_SYSTEM)).thenReply(
                "{\"reasoning\": \"It names the CIA World Factbook as its source.\"}");
        stub.when(systemMessageContains(DeepJudgmentPrompts.RUBRIC_SCORE_SYSTEM)).thenReply(
                "{\"reasoning\": \"A source is named.\", \"verdict\": true}");

        VerificationResult result = score();

        TraitScore trait = result.rubric().get(0);
        assertThat(trait.error()).as(String.valueOf(trait)).isNull();
        assertThat(trait.passed()).isTrue();
        assertThat(trait.deepJudgment().excerpts()).containsExactly(new Excerpt("(source: CIA World Factbook)", "high", 1.0));
        assertThat(trait.deepJudgment().reasoning()).isEqualTo("It names the CIA World Factbook as its source.");
        assertThat(trait.deepJudgment().excerptRetries()).isEqualTo(1);
        assertThat(trait.deepJudgment().modelCalls()).isEqualTo(4);
        assertThat(trait.deepJudgment().withoutExcerpts()).isFalse();
        assertThat(result.status()).isEqualTo(ResultStatus.PASSED);
        assertThat(result.calls()).filteredOn(call -> call.stage() == Stage.RUBRIC).extracting(RecordedCall::task).containsExactly(
                PromptTask.DJ_RUBRIC_EXCERPT_EXTRACTION, PromptTask.DJ_RUBRIC_EXCERPT_EXTRACTION, PromptTask.DJ_RUBRIC_REASONING,
                PromptTask.DJ_RUBRIC_SCORE_EXTRACTION);
    }

    @Test
    void aTraitWithNoExcerptInTheResponseAutofailsTheResult() {
        stub.when(systemMessageContains(DeepJudgmentPrompts.RUBRIC_EXCERPT_SYSTEM)).thenReply(
                "{\"excerpts\": [{\"text\": \"as reported by Reuters in 2021\", \"confidence\": \"high\"}]}");
        stub.when(systemMessageContains(DeepJudgmentPrompts.RUBRIC_REASONING_SYSTEM)).thenReply(
                "{\"reasoning\": \"No source was found in the response.\"}");
        stub.when(systemMessageContains(DeepJudgmentPrompts.RUBRIC_SCORE_SYSTEM)).thenReply(
                "{\"reasoning\": \"The reviewer found a source.\", \"verdict\": true}");

        VerificationResult result = score();

        TraitScore trait = result.rubric().get(0);
        assertThat(trait.deepJudgment().withoutExcerpts()).isTrue();
        assertThat(trait.deepJudgment().excerpts()).isEmpty();
        assertThat(trait.deepJudgment().excerptRetries()).isEqualTo(2);
        assertThat(result.failure().category()).isEqualTo(FailureCategory.DEEP_JUDGMENT_AUTOFAIL);
        assertThat(result.failure().stage()).isEqualTo(Stage.RUBRIC);
        assertThat(result.failure().reason()).contains("cites_source");
        assertThat(result.status()).isEqualTo(ResultStatus.FAILED);
    }

    @Test
    void aTraitsOwnDeepJudgmentWithSearchIsChosenPerTraitTheOthersScoredAsUsual() {
        StubSearchServer search = StubSearchResource.server();
        search.when("CIA World Factbook", List.of(Map.of("title", "The World Factbook", "content", "The World Factbook is published by the CIA.")));
        stub.when(systemMessageContains(DeepJudgmentPrompts.RUBRIC_EXCERPT_SYSTEM)).thenReply(
                "{\"excerpts\": [{\"text\": \"(source: CIA World Factbook)\", \"confidence\": \"high\"}]}");
        stub.when(systemMessageContains(DeepJudgmentPrompts.RUBRIC_HALLUCINATION_SYSTEM)).thenReply(
                "{\"assessments\": [{\"excerpt_id\": \"e1\", \"hallucination_risk\": \"medium\", \"justification\": \"weak support\"}]}");
        stub.when(systemMessageContains(DeepJudgmentPrompts.RUBRIC_REASONING_SYSTEM)).thenReply(
                "{\"reasoning\": \"It names the CIA World Factbook as its source.\"}");
        stub.when(systemMessageContains(DeepJudgmentPrompts.RUBRIC_SCORE_SYSTEM)).thenReply(
                "{\"reasoning\": \"A source is named.\", \"verdict\": true}");
        stub.when(systemMessageContains(TraitPrompt.LLM_BATCH)).thenReply("{\"is_short\": {\"reasoning\": \"One sentence.\", \"verdict\": true}}");
        RubricTrait ownSearch = CITES_SOURCE.toBuilder()
                .deepJudgment(new TraitDeepJudgmentSettings(true, null, 2, null, 0, true)).build();

        VerificationResult result = score(List.of(ownSearch, IS_SHORT), new DeepJudgmentSettings(null, null, null, null, null, null,
                SearchToolSettings.http(search.url(), "${" + StubSearchResource.KEY_VARIABLE + "}"), null, null));

        assertThat(result.rubric()).extracting(TraitScore::name).containsExactly("cites_source", "is_short");
        TraitScore cites = result.rubric().get(0);
        assertThat(cites.passed()).isTrue();
        assertThat(cites.deepJudgment().hallucinationRisk()).isEqualTo("medium");
        assertThat(cites.deepJudgment().modelCalls()).isEqualTo(4);
        Excerpt excerpt = cites.deepJudgment().excerpts().get(0);
        assertThat(excerpt.hallucinationRisk()).isEqualTo("medium");
        assertThat(excerpt.searchResults()).extracting(SearchResult::content).containsExactly("The World Factbook is published by the CIA.");
        // the trait's own max_excerpts reaches the prompt
        assertThat(stub.requests().stream().filter(r -> r.systemMessage().orElse("").contains(DeepJudgmentPrompts.RUBRIC_EXCERPT_SYSTEM))
                .findFirst().orElseThrow().lastUserMessage().orElseThrow()).contains("Give at most 2 excerpts.");
        TraitScore isShort = result.rubric().get(1);
        assertThat(isShort.passed()).isTrue();
        assertThat(isShort.deepJudgment()).isNull();
        // a medium risk does not fail the result
        assertThat(result.status()).isEqualTo(ResultStatus.PASSED);
        assertThat(result.calls()).filteredOn(call -> call.stage() == Stage.RUBRIC).extracting(RecordedCall::task).containsExactly(
                PromptTask.RUBRIC_LLM_TRAIT_BATCH, PromptTask.DJ_RUBRIC_EXCERPT_EXTRACTION, PromptTask.DJ_RUBRIC_HALLUCINATION,
                PromptTask.DJ_RUBRIC_REASONING, PromptTask.DJ_RUBRIC_SCORE_EXTRACTION);
        assertThat(search.requests()).extracting(StubSearchServer.Request::authorization).containsExactly("Bearer " + StubSearchResource.KEY);
        assertThat(Json.write(result)).doesNotContain(StubSearchResource.KEY);
    }

    @Test
    void theRunConfigChoosesPerQuestionAndPerTraitOverTheTraitsOwnAndOverRubricTrue() {
        stub.when(systemMessageContains(DeepJudgmentPrompts.RUBRIC_REASONING_SYSTEM)).thenReply(
                "{\"reasoning\": \"The response names no source at all.\"}");
        stub.when(systemMessageContains(DeepJudgmentPrompts.RUBRIC_SCORE_SYSTEM)).thenReply(
                "{\"reasoning\": \"No source.\", \"verdict\": false}");
        stub.when(systemMessageContains(TraitPrompt.LLM_BATCH)).thenReply("{\"is_short\": {\"reasoning\": \"One sentence.\", \"verdict\": true}}");
        RubricTrait ownOn = IS_SHORT.toBuilder().deepJudgment(TraitDeepJudgmentSettings.DEFAULTS).build();
        // rubric: true would judge both through excerpts; this question's cites_source reasons from the whole
        // response instead, and is_short is switched off by name, over its own block
        DeepJudgmentSettings settings = new DeepJudgmentSettings(null, null, null, null, true, null, null,
                Map.of("is_short", TraitDeepJudgmentSettings.OFF),
                Map.of("q-capital", Map.of("cites_source", new TraitDeepJudgmentSettings(true, false, null, null, null, null))));

        VerificationResult result = score(List.of(CITES_SOURCE, ownOn), settings);

        TraitScore cites = result.rubric().get(0);
        assertThat(cites.passed()).isFalse();
        assertThat(cites.deepJudgment().excerptsUsed()).isFalse();
        assertThat(cites.deepJudgment().excerpts()).isEmpty();
        assertThat(cites.deepJudgment().withoutExcerpts()).isFalse();
        assertThat(cites.deepJudgment().modelCalls()).isEqualTo(2);
        assertThat(result.rubric().get(1).deepJudgment()).isNull();
        // no excerpts were asked for, so none can be missing: no autofail
        assertThat(result.failure()).isNull();
        assertThat(result.calls()).filteredOn(call -> call.stage() == Stage.RUBRIC).extracting(RecordedCall::task).containsExactly(
                PromptTask.RUBRIC_LLM_TRAIT_BATCH, PromptTask.DJ_RUBRIC_REASONING, PromptTask.DJ_RUBRIC_SCORE_EXTRACTION);
        assertThat(stub.requests().stream().filter(r -> r.systemMessage().orElse("").contains(DeepJudgmentPrompts.RUBRIC_REASONING_SYSTEM))
                .findFirst().orElseThrow().lastUserMessage().orElseThrow()).doesNotContain("<excerpts>");
    }

    private VerificationResult score() {
        return score(List.of(CITES_SOURCE), new DeepJudgmentSettings(null, null, null, null, true));
    }

    private VerificationResult score(List<RubricTrait> traits, DeepJudgmentSettings deepJudgment) {
        ModelConfig judge = new ModelConfig(null, "openai", "rubric-dj", stub.baseUrl(), "TEST_LLM_KEY", 0.0, 256, null,
                Duration.ofSeconds(10), 4, null);
        AnswerTemplate template = new AnswerTemplate(Map.of("city", new TemplateField(FieldType.STRING, "The capital named.",
                TextNode.valueOf("Paris"), null, null, null, null, null)));
        Question question = new Question("q-capital", QUESTION, "Paris", List.of(), template, new Rubric(traits));
        JobSettings settings = new JobSettings(EvaluationMode.TEMPLATE_AND_RUBRIC, false, PromptConfig.EMPTY)
                .withDeepJudgment(deepJudgment);
        VerificationJob job = VerificationJob.create("run-" + UUID.randomUUID(), question, ModelConfig.of("openai", "answerer"),
                List.of(judge), 1, settings, null, Instant.parse("2026-11-01T10:00:00Z"));
        JsonNode value = Json.mapper().createObjectNode().put("city", "Paris");
        ParsingOutcome parsing = new ParsingOutcome(null, value, TemplateVerifier.verify(template, value), List.of(), UsageMetadata.EMPTY,
                25, null);
        ParsedJob parsed = ParsedJob.of(AnsweredJob.of(job, new GenerationOutcome(RESPONSE, List.of(), UsageMetadata.EMPTY, 300, null)),
                judge, parsing);
        TopicClient.publish(Topics.PARSED, parsed.resultId(), Json.write(parsed));
        String runId = parsed.runId();
        return Json.read(TopicClient.await(Topics.RESULTS, r -> r.value().contains("\"run_id\":\"" + runId + "\""), 1, WAIT).get(0).value(),
                VerificationResult.class);
    }
}
