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
import dev.assay.common.message.Message;
import dev.assay.common.pipeline.AnsweredJob;
import dev.assay.common.pipeline.Failure;
import dev.assay.common.pipeline.FailureCategory;
import dev.assay.common.pipeline.GenerationOutcome;
import dev.assay.common.pipeline.JobSettings;
import dev.assay.common.pipeline.JudgeCheck;
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
import dev.assay.common.prompt.AdapterInstruction;
import dev.assay.common.prompt.AdapterInstructionRegistry;
import dev.assay.common.prompt.InstructionContext;
import dev.assay.common.prompt.PromptConfig;
import dev.assay.common.prompt.PromptTask;
import dev.assay.common.prompt.judge.TraitPrompt;
import dev.assay.common.prompt.judge.TraitSchemas;
import dev.assay.common.run.EvaluationMode;
import dev.assay.common.run.ModelConfig;
import dev.assay.common.template.TemplateVerifier;
import dev.assay.testsupport.InjectStubLlm;
import dev.assay.testsupport.KafkaBrokerResource;
import dev.assay.localstack.stub.RecordedRequest;
import dev.assay.testsupport.StubLlmResource;
import dev.assay.localstack.stub.StubLlmServer;
import dev.assay.localstack.stub.StubReply;
import dev.assay.testsupport.TopicClient;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static dev.assay.localstack.stub.RequestMatcher.any;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The rubric stage as other services see it: parsed records published on the real broker, the
 * judge served by the stub, finished results read back from {@code assay.results}.
 */
@QuarkusTest
@QuarkusTestResource(KafkaBrokerResource.class)
@QuarkusTestResource(StubLlmResource.class)
class RubricOverKafkaTest {

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final String API_KEY = "sk-test-stage-key-123";
    private static final String QUESTION = "What is the capital of France?";
    private static final String RESPONSE = "Paris is the capital of France (source: CIA World Factbook).";

    private static final RubricTrait CITES_SOURCE = RubricTrait.booleanTrait("cites_source", "The response names a source.");
    private static final RubricTrait IS_CONCISE = RubricTrait.booleanTrait("is_concise", "The response is one sentence.");
    private static final RubricTrait MENTIONS_PARIS = RubricTrait.regexTrait("mentions_paris", "\\bparis\\b", false, null);
    private static final RubricTrait NO_APOLOGY = RubricTrait.regexTrait("no_apology", "sorry", false, true);
    private static final List<RubricTrait> TRAITS = List.of(CITES_SOURCE, MENTIONS_PARIS, IS_CONCISE, NO_APOLOGY);

    @InjectStubLlm
    StubLlmServer stub;

    @BeforeEach
    void reset() {
        stub.reset();
    }

    @Test
    void booleanTraitsAreScoredInOneBatchedCallAndRegexTraitsLocally() {
        stub.when(any()).thenReply(StubReply.text("""
                {"cites_source": {"reasoning": "It names the CIA World Factbook.", "verdict": true},
                 "is_concise": {"reasoning": "It is one sentence, but with an aside.", "verdict": false}}""").withUsage(40, 6));
        ModelConfig judge = judge("rubric-judge");
        ParsedJob parsed = parsedJob(EvaluationMode.TEMPLATE_AND_RUBRIC, PromptConfig.fromMap(Map.of("rubric_evaluation", "Be strict.")),
                judge, passingParse());

        publish(parsed);
        ConsumerRecord<String, String> record = awaitResults(parsed.runId(), 1).get(0);
        VerificationResult result = Json.read(record.value(), VerificationResult.class);

        assertThat(record.key()).isEqualTo(parsed.resultId());
        assertThat(result.resultId()).isEqualTo(parsed.resultId());
        assertThat(result.status()).isEqualTo(ResultStatus.PASSED);
        assertThat(result.failure()).isNull();
        assertThat(result.judge()).isEqualTo("openai:rubric-judge");
        assertThat(result.completedAt()).isNotNull();
        assertThat(result.rubric()).containsExactly(
                new TraitScore("cites_source", "boolean", true, null, "It names the CIA World Factbook.", null),
                new TraitScore("mentions_paris", "regex", true, null, null, null),
                new TraitScore("is_concise", "boolean", false, null, "It is one sentence, but with an aside.", null),
                new TraitScore("no_apology", "regex", true, null, null, null));

        // every stage's calls, in order, the rubric one as sent
        assertThat(result.calls()).extracting(RecordedCall::stage).containsExactly(Stage.GENERATION, Stage.PARSING, Stage.RUBRIC);
        RecordedCall rubricCall = result.calls().get(2);
        assertThat(rubricCall.task()).isEqualTo(PromptTask.RUBRIC_LLM_TRAIT_BATCH);
        assertThat(rubricCall.model()).isEqualTo("openai:rubric-judge");
        assertThat(result.usage().get("rubric").inputTokens()).isEqualTo(40L);
        assertThat(result.usage().get("rubric").outputTokens()).isEqualTo(6L);
        assertThat(result.usage().get("total").inputTokens()).isEqualTo(10L + 30L + 40L);
        assertThat(result.timingsMs()).containsKeys("generation", "parsing", "rubric");

        // one request for both boolean traits, assembled as DESIGN §3 says
        assertThat(stub.requests()).hasSize(1);
        RecordedRequest request = stub.requests().get(0);
        List<RubricTrait> batch = List.of(CITES_SOURCE, IS_CONCISE);
        JsonNode schema = TraitSchemas.batch(batch);
        AdapterInstruction adapter = openAiAddition(schema);
        String system = TraitPrompt.LLM_BATCH + "\n\n" + adapter.systemAddition() + "\n\nBe strict.";
        String user = TraitPrompt.batch(QUESTION, RESPONSE, batch) + "\n\n" + adapter.userAddition();
        assertThat(request.contentsOf("system")).containsExactly(system);
        assertThat(request.contentsOf("user")).containsExactly(user);
        assertThat(user).contains("- cites_source (true or false): The response names a source.")
                .contains("- is_concise (true or false): The response is one sentence.")
                .doesNotContain("mentions_paris").doesNotContain("no_apology");
        assertThat(system).contains("\"required\" : [ \"cites_source\", \"is_concise\" ]");
        assertThat(rubricCall.messages()).containsExactly(Message.system(system), Message.user(user));
        assertThat(request.header("Authorization")).contains("Bearer " + API_KEY);
        assertThat(record.value()).doesNotContain(API_KEY);
    }

    @Test
    void aFailedBatchCallLeavesItsTraitsWithAnErrorAndTheRestOfTheResultStands() {
        stub.when(any()).thenReply(StubReply.serverError());
        ParsedJob parsed = parsedJob(EvaluationMode.TEMPLATE_AND_RUBRIC, PromptConfig.EMPTY, judge("rubric-500"), passingParse());

        publish(parsed);
        VerificationResult result = Json.read(awaitResults(parsed.runId(), 1).get(0).value(), VerificationResult.class);

        assertThat(result.status()).isEqualTo(ResultStatus.PASSED);
        assertThat(result.failure()).isNull();
        assertThat(result.rubric()).extracting(TraitScore::name, TraitScore::passed).containsExactly(
                org.assertj.core.groups.Tuple.tuple("cites_source", null),
                org.assertj.core.groups.Tuple.tuple("mentions_paris", true),
                org.assertj.core.groups.Tuple.tuple("is_concise", null),
                org.assertj.core.groups.Tuple.tuple("no_apology", true));
        assertThat(List.of(result.rubric().get(0), result.rubric().get(2))).allSatisfy(score ->
                assertThat(score.error()).startsWith("the judge call for the boolean traits failed (retry): ")
                        .contains("openai:rubric-500").contains("3 attempts"));
        assertThat(result.rubric().get(1).error()).isNull();
        List<RecordedCall> rubricCalls = result.calls().stream().filter(call -> call.stage() == Stage.RUBRIC).toList();
        assertThat(rubricCalls).hasSize(3).allSatisfy(call -> {
            assertThat(call.error()).contains("500");
            assertThat(call.messages().get(0).text()).startsWith(TraitPrompt.LLM_BATCH);
        });
        assertThat(stub.requestCount()).isEqualTo(3);
    }

    @Test
    void noRubricWorkWhenParsingFailedOrTheModeHasNoRubric() {
        JudgeCheck abstained = new JudgeCheck(true, "It refuses.");
        ParsingOutcome abstention = new ParsingOutcome(abstained, null, null, List.of(), UsageMetadata.EMPTY, 12,
                new Failure(FailureCategory.ABSTAINED, Stage.PARSING, "It refuses.", null));
        ParsedJob refused = parsedJob(EvaluationMode.TEMPLATE_AND_RUBRIC, PromptConfig.EMPTY, judge("rubric-judge"), abstention);
        ParsedJob templateOnly = parsedJob(EvaluationMode.TEMPLATE_ONLY, PromptConfig.EMPTY, judge("rubric-judge"), passingParse());

        publish(refused);
        publish(templateOnly);
        VerificationResult refusedResult = Json.read(awaitResults(refused.runId(), 1).get(0).value(), VerificationResult.class);
        VerificationResult templateResult = Json.read(awaitResults(templateOnly.runId(), 1).get(0).value(), VerificationResult.class);

        assertThat(refusedResult.status()).isEqualTo(ResultStatus.ABSTAINED);
        assertThat(refusedResult.failure().reason()).isEqualTo("It refuses.");
        assertThat(refusedResult.abstention()).isEqualTo(abstained);
        assertThat(refusedResult.rubric()).isEmpty();
        assertThat(templateResult.status()).isEqualTo(ResultStatus.PASSED);
        assertThat(templateResult.rubric()).isEmpty();
        assertThat(templateResult.calls()).noneMatch(call -> call.stage() == Stage.RUBRIC);
        assertThat(stub.requestCount()).isZero();
    }

    @Test
    void aRubricOnlyResultWithRegexAndExpressionTraitsIsScoredWithoutAnyCall() {
        ParsingOutcome nothingParsed = new ParsingOutcome(null, null, null, List.of(), UsageMetadata.EMPTY, 0, null);
        Map<String, String> lengths = new LinkedHashMap<>(); // a literal trait's classes are ordered: the score is the index
        lengths.put("short", "up to 100 characters");
        lengths.put("long", "more");
        ParsedJob parsed = parsedJob(EvaluationMode.RUBRIC_ONLY, PromptConfig.EMPTY, judge("rubric-judge"), nothingParsed,
                List.of(MENTIONS_PARIS, RubricTrait.regexTrait("says_london", "London", null, null),
                        RubricTrait.expressionTrait("cites_factbook", "response.contains('Factbook') && size(parsed) == 0",
                                null, null, null, null),
                        RubricTrait.expressionTrait("length", "size(response) > 100 ? 'long' : 'short'", RubricTrait.LITERAL,
                                null, null, lengths)));

        publish(parsed);
        VerificationResult result = Json.read(awaitResults(parsed.runId(), 1).get(0).value(), VerificationResult.class);

        assertThat(result.status()).isEqualTo(ResultStatus.SCORED);
        assertThat(result.rubric()).extracting(TraitScore::name, TraitScore::passed).containsExactly(
                org.assertj.core.groups.Tuple.tuple("mentions_paris", true), org.assertj.core.groups.Tuple.tuple("says_london", false),
                org.assertj.core.groups.Tuple.tuple("cites_factbook", true), org.assertj.core.groups.Tuple.tuple("length", null));
        // CEL runs inside the service as it does in unit tests
        assertThat(result.rubric().get(3)).isEqualTo(TraitScore.labelled("length", "expression", "short", 0));
        assertThat(stub.requestCount()).isZero();
    }

    @Test
    void anUnreadableRecordGoesToTheDeadLetterTopicAndTheNextIsStillFinished() {
        String garbage = "garbage " + UUID.randomUUID();
        TopicClient.publish(Topics.PARSED, "garbage-key", garbage);
        ParsedJob parsed = parsedJob(EvaluationMode.TEMPLATE_ONLY, PromptConfig.EMPTY, judge("rubric-judge"), passingParse());
        publish(parsed);

        ConsumerRecord<String, String> dead = TopicClient.await(Topics.DLQ, r -> garbage.equals(r.value()), 1, WAIT).get(0);
        assertThat(dead.key()).isEqualTo("garbage-key");
        assertThat(header(dead, "dead-letter-reason")).startsWith("not JSON, expected a ParsedJob");
        assertThat(header(dead, "dead-letter-topic")).isEqualTo(Topics.PARSED);
        assertThat(awaitResults(parsed.runId(), 1)).hasSize(1);
    }

    private static AdapterInstruction openAiAddition(JsonNode schema) {
        var factories = AdapterInstructionRegistry.global().lookup("openai", PromptTask.RUBRIC_LLM_TRAIT_BATCH);
        assertThat(factories).hasSize(1);
        return factories.get(0).create(Map.of(InstructionContext.JSON_SCHEMA, schema));
    }

    private ModelConfig judge(String name) {
        return new ModelConfig(null, "openai", name, stub.baseUrl(), "TEST_LLM_KEY", 0.0, 256, null, Duration.ofSeconds(10), 4, null);
    }

    private static AnswerTemplate template() {
        return new AnswerTemplate(Map.of("city", new TemplateField(FieldType.STRING, "The capital named.", TextNode.valueOf("Paris"),
                null, null, null, null, null)));
    }

    /** The parsing stage's outcome for a judge that read "Paris": passed, with its one call. */
    private static ParsingOutcome passingParse() {
        JsonNode value = Json.mapper().createObjectNode().put("city", "Paris");
        RecordedCall call = new RecordedCall(Stage.PARSING, PromptTask.PARSING, "openai:rubric-judge",
                List.of(Message.user("parse it")), "{\"city\": \"Paris\"}", UsageMetadata.of("rubric-judge", 30, 4), 25, null);
        return new ParsingOutcome(null, value, TemplateVerifier.verify(template(), value), List.of(call),
                UsageMetadata.of("rubric-judge", 30, 4), 25, null);
    }

    private static ParsedJob parsedJob(EvaluationMode mode, PromptConfig prompts, ModelConfig judge, ParsingOutcome parsing) {
        return parsedJob(mode, prompts, judge, parsing, TRAITS);
    }

    private static ParsedJob parsedJob(EvaluationMode mode, PromptConfig prompts, ModelConfig judge, ParsingOutcome parsing,
                                       List<RubricTrait> traits) {
        Question question = new Question("q-capital", QUESTION, "Paris", List.of(), template(), new Rubric(traits));
        VerificationJob job = VerificationJob.create("run-" + UUID.randomUUID(), question, ModelConfig.of("openai", "answerer"),
                List.of(judge), 1, new JobSettings(mode, false, prompts), null, Instant.parse("2026-11-01T10:00:00Z"));
        RecordedCall generationCall = new RecordedCall(Stage.GENERATION, PromptTask.GENERATION, "openai:answerer",
                List.of(Message.user(QUESTION)), RESPONSE, UsageMetadata.of("answerer", 10, 12), 300, null);
        GenerationOutcome generation = new GenerationOutcome(RESPONSE, List.of(generationCall), UsageMetadata.of("answerer", 10, 12),
                300, null);
        return ParsedJob.of(AnsweredJob.of(job, generation), judge, parsing);
    }

    private static void publish(ParsedJob parsed) {
        TopicClient.publish(Topics.PARSED, parsed.resultId(), Json.write(parsed));
    }

    private static List<ConsumerRecord<String, String>> awaitResults(String runId, int count) {
        return TopicClient.await(Topics.RESULTS, r -> r.value().contains("\"run_id\":\"" + runId + "\""), count, WAIT);
    }

    private static String header(ConsumerRecord<String, String> record, String name) {
        Header header = record.headers().lastHeader(name);
        return header == null ? null : new String(header.value(), StandardCharsets.UTF_8);
    }
}
