package dev.assay.parsing.messaging;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.DecimalNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.assay.common.benchmark.AnswerTemplate;
import dev.assay.common.benchmark.FieldType;
import dev.assay.common.benchmark.Question;
import dev.assay.common.benchmark.TemplateField;
import dev.assay.common.json.Json;
import dev.assay.common.message.Message;
import dev.assay.common.pipeline.AnsweredJob;
import dev.assay.common.pipeline.Failure;
import dev.assay.common.pipeline.FailureCategory;
import dev.assay.common.pipeline.FieldVerdict;
import dev.assay.common.pipeline.GenerationOutcome;
import dev.assay.common.pipeline.JobSettings;
import dev.assay.common.pipeline.JudgeCheck;
import dev.assay.common.pipeline.ParsedJob;
import dev.assay.common.pipeline.ParsingOutcome;
import dev.assay.common.pipeline.RecordedCall;
import dev.assay.common.pipeline.Stage;
import dev.assay.common.pipeline.Topics;
import dev.assay.common.pipeline.VerificationJob;
import dev.assay.common.port.PortErrorKind;
import dev.assay.common.port.UsageMetadata;
import dev.assay.common.prompt.AdapterInstruction;
import dev.assay.common.prompt.AdapterInstructionRegistry;
import dev.assay.common.prompt.InstructionContext;
import dev.assay.common.prompt.PromptConfig;
import dev.assay.common.prompt.PromptTask;
import dev.assay.common.prompt.judge.AbstentionPrompt;
import dev.assay.common.prompt.judge.ParsingPrompt;
import dev.assay.common.prompt.judge.SemanticPrompt;
import dev.assay.common.prompt.judge.SufficiencyPrompt;
import dev.assay.common.run.EvaluationMode;
import dev.assay.common.run.ModelConfig;
import dev.assay.common.template.TemplateSchemas;
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

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Collectors;

import static dev.assay.localstack.stub.RequestMatcher.any;
import static dev.assay.localstack.stub.RequestMatcher.modelEquals;
import static dev.assay.localstack.stub.RequestMatcher.systemMessageContains;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The parsing stage as other services see it: answered jobs published on the real broker, the
 * judges served by the stub, parsed records (one per judge) read back from {@code assay.parsed}.
 */
@QuarkusTest
@QuarkusTestResource(KafkaBrokerResource.class)
@QuarkusTestResource(StubLlmResource.class)
class ParsingOverKafkaTest {

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final String API_KEY = "sk-test-stage-key-123";
    private static final String QUESTION = "What is the capital of France, and how many people live there (in millions)?";
    private static final String RESPONSE = "The capital of France is Paris, home to about 2.1 million people.";

    @InjectStubLlm
    StubLlmServer stub;

    @BeforeEach
    void reset() {
        stub.reset();
    }

    @Test
    void eachJudgeChecksForAnAbstentionThenParsesAndVerifiesTheAnswer() {
        stub.when(systemMessageContains(AbstentionPrompt.SYSTEM))
                .thenReply(StubReply.text("{\"reasoning\": \"It names a city.\", \"abstention_detected\": false}").withUsage(30, 5));
        stub.when(systemMessageContains(ParsingPrompt.SYSTEM).and(modelEquals("judge-a")))
                .thenReply(StubReply.text("{\"city\": \"Paris\", \"population_millions\": 2.1}").withUsage(50, 10));
        stub.when(systemMessageContains(ParsingPrompt.SYSTEM).and(modelEquals("judge-b")))
                .thenReply(StubReply.text("```json\n{\"city\": \"Lyon\", \"population_millions\": 2.1}\n```").withUsage(50, 10));
        ModelConfig judgeA = judge("judge-a");
        ModelConfig judgeB = judge("judge-b");
        PromptConfig prompts = PromptConfig.fromMap(Map.of("parsing", "Report populations in millions.",
                "abstention_detection", "A hedged answer is still an answer."));
        AnsweredJob answered = answered(EvaluationMode.TEMPLATE_ONLY, true, prompts, List.of(judgeA, judgeB), answer(RESPONSE));

        publish(answered);
        List<ConsumerRecord<String, String>> records = awaitParsed(answered.runId(), 2);

        assertThat(records).hasSize(2);
        Map<String, ParsedJob> byJudge = records.stream().map(r -> {
            ParsedJob parsed = Json.read(r.value(), ParsedJob.class);
            assertThat(r.key()).isEqualTo(parsed.resultId());
            return parsed;
        }).collect(Collectors.toMap(p -> p.judge().model(), Function.identity()));
        assertThat(byJudge.get("judge-a").resultId()).isEqualTo(answered.job().resultId(judgeA));
        assertThat(byJudge.get("judge-b").resultId()).isEqualTo(answered.job().resultId(judgeB));
        assertThat(byJudge.get("judge-a").answered()).isEqualTo(answered);

        ParsingOutcome a = byJudge.get("judge-a").parsing();
        assertThat(a.failure()).isNull();
        assertThat(a.abstention()).isEqualTo(new JudgeCheck(false, "It names a city."));
        assertThat(a.parsed().get("city").asText()).isEqualTo("Paris");
        assertThat(a.template().passed()).isTrue();
        assertThat(a.template().score()).isEqualTo(1.0);
        assertThat(a.calls()).extracting(RecordedCall::task).containsExactly(PromptTask.ABSTENTION_DETECTION, PromptTask.PARSING);
        assertThat(a.calls()).allSatisfy(call -> {
            assertThat(call.stage()).isEqualTo(Stage.PARSING);
            assertThat(call.model()).isEqualTo("openai:judge-a");
            assertThat(call.error()).isNull();
        });
        assertThat(a.usage().inputTokens()).isEqualTo(80L);
        assertThat(a.usage().outputTokens()).isEqualTo(15L);

        ParsingOutcome b = byJudge.get("judge-b").parsing();
        assertThat(b.failure()).isNull();
        assertThat(b.template().passed()).isFalse();
        assertThat(b.template().score()).isEqualTo(0.5);
        assertThat(b.template().fields()).extracting(FieldVerdict::field, FieldVerdict::passed)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("city", false),
                        org.assertj.core.groups.Tuple.tuple("population_millions", true));

        // The prompts as sent (DESIGN §3): task text, then the openai adapter's schema instructions, then the run's instructions.
        assertThat(stub.requests()).hasSize(4);
        JsonNode templateSchema = TemplateSchemas.of(template());
        RecordedRequest parsing = stub.requests().stream()
                .filter(r -> "judge-a".equals(r.model()) && r.systemMessage().orElse("").contains(ParsingPrompt.SYSTEM))
                .findFirst().orElseThrow();
        AdapterInstruction parsingAdapter = openAiAddition(PromptTask.PARSING, templateSchema);
        assertThat(parsing.contentsOf("system")).containsExactly(
                ParsingPrompt.SYSTEM + "\n\n" + parsingAdapter.systemAddition() + "\n\nReport populations in millions.");
        assertThat(parsing.contentsOf("user")).containsExactly(ParsingPrompt.user(QUESTION, RESPONSE) + "\n\n"
                + parsingAdapter.userAddition());
        String parsingSystem = parsing.systemMessage().orElseThrow();
        assertThat(parsingSystem).contains("<json_schema>").contains("\"population_millions\"")
                .contains("The city named as the capital.");
        // the ground truth never reaches the judge
        assertThat(parsingSystem).doesNotContain("Paris").doesNotContain("ground_truth");
        assertThat(parsingAdapter.userAddition()).isNotBlank();
        assertThat(parsing.header("Authorization")).contains("Bearer " + API_KEY);

        RecordedRequest abstention = stub.requests().stream()
                .filter(r -> "judge-b".equals(r.model()) && r.systemMessage().orElse("").contains(AbstentionPrompt.SYSTEM))
                .findFirst().orElseThrow();
        AdapterInstruction abstentionAdapter = openAiAddition(PromptTask.ABSTENTION_DETECTION, AbstentionPrompt.schema());
        assertThat(abstention.contentsOf("system")).containsExactly(AbstentionPrompt.SYSTEM + "\n\n"
                + abstentionAdapter.systemAddition() + "\n\nA hedged answer is still an answer.");
        assertThat(abstention.contentsOf("user")).containsExactly(AbstentionPrompt.user(QUESTION, RESPONSE) + "\n\n"
                + abstentionAdapter.userAddition());
        // what was sent is what the record says was sent
        RecordedCall recorded = b.calls().get(0);
        assertThat(recorded.messages()).containsExactly(Message.system(abstention.contentsOf("system").get(0)),
                Message.user(abstention.contentsOf("user").get(0)));
        records.forEach(r -> assertThat(r.value()).doesNotContain(API_KEY));
    }

    @Test
    void anAbstentionIsTheVerdictAndNothingIsParsed() {
        stub.when(systemMessageContains(AbstentionPrompt.SYSTEM))
                .thenReply("{\"reasoning\": \"The model says it cannot answer.\", \"abstention_detected\": true}");
        AnsweredJob answered = answered(EvaluationMode.TEMPLATE_AND_RUBRIC, true, PromptConfig.EMPTY,
                List.of(judge("judge-a"), judge("judge-b")), answer("I'm sorry, I can't help with that."));

        publish(answered);
        List<ParsedJob> parsed = awaitParsed(answered.runId(), 2).stream().map(r -> Json.read(r.value(), ParsedJob.class)).toList();

        assertThat(parsed).hasSize(2).allSatisfy(job -> {
            ParsingOutcome outcome = job.parsing();
            assertThat(outcome.abstention()).isEqualTo(new JudgeCheck(true, "The model says it cannot answer."));
            assertThat(outcome.failure()).isEqualTo(new Failure(FailureCategory.ABSTAINED, Stage.PARSING,
                    "The model says it cannot answer.", null));
            assertThat(outcome.parsed()).isNull();
            assertThat(outcome.template()).isNull();
            assertThat(outcome.calls()).extracting(RecordedCall::task).containsExactly(PromptTask.ABSTENTION_DETECTION);
        });
        assertThat(stub.requests()).hasSize(2)
                .allSatisfy(request -> assertThat(request.systemMessage().orElseThrow()).contains(AbstentionPrompt.SYSTEM));
    }

    @Test
    void anInsufficientResponseIsRecordedWithItsReasoningAndNothingIsParsed() {
        stub.when(systemMessageContains(SufficiencyPrompt.SYSTEM))
                .thenReply("{\"reasoning\": \"No city or population is given.\", \"insufficiency_detected\": true}");
        String vague = "France has a long history and many beautiful cities.";
        AnsweredJob answered = answered(EvaluationMode.TEMPLATE_ONLY, false, true, PromptConfig.EMPTY, List.of(judge("judge-a")),
                answer(vague));

        publish(answered);
        ParsingOutcome outcome = Json.read(awaitParsed(answered.runId(), 1).get(0).value(), ParsedJob.class).parsing();

        assertThat(outcome.sufficiency()).isEqualTo(new JudgeCheck(true, "No city or population is given."));
        assertThat(outcome.failure()).isEqualTo(new Failure(FailureCategory.CONTENT, Stage.PARSING,
                "No city or population is given.", null));
        assertThat(outcome.abstention()).isNull();
        assertThat(outcome.parsed()).isNull();
        assertThat(outcome.template()).isNull();
        assertThat(outcome.calls()).extracting(RecordedCall::task).containsExactly(PromptTask.SUFFICIENCY_DETECTION);
        // one call, no parsing; the judge saw the fields' descriptions but never the ground truth
        assertThat(stub.requests()).hasSize(1);
        RecordedRequest check = stub.requests().get(0);
        assertThat(check.contentsOf("user").get(0)).startsWith(SufficiencyPrompt.user(QUESTION, vague, template()))
                .contains("city (string): The city named as the capital.")
                .contains("population_millions (number)");
        assertThat(String.join("\n", check.contentsOf("system")) + check.contentsOf("user")).doesNotContain("Paris")
                .doesNotContain("2.1");
    }

    @Test
    void aSufficientResponseRunsBothChecksThenIsParsed() {
        stub.when(systemMessageContains(AbstentionPrompt.SYSTEM))
                .thenReply("{\"reasoning\": \"It names a city.\", \"abstention_detected\": false}");
        stub.when(systemMessageContains(SufficiencyPrompt.SYSTEM))
                .thenReply("{\"reasoning\": \"City and population are both given.\", \"insufficiency_detected\": false}");
        stub.when(systemMessageContains(ParsingPrompt.SYSTEM))
                .thenReply("{\"city\": \"Paris\", \"population_millions\": 2.1}");
        AnsweredJob answered = answered(EvaluationMode.TEMPLATE_ONLY, true, true, PromptConfig.EMPTY, List.of(judge("judge-a")),
                answer(RESPONSE));

        publish(answered);
        ParsingOutcome outcome = Json.read(awaitParsed(answered.runId(), 1).get(0).value(), ParsedJob.class).parsing();

        assertThat(outcome.failure()).isNull();
        assertThat(outcome.sufficiency()).isEqualTo(new JudgeCheck(false, "City and population are both given."));
        assertThat(outcome.template().passed()).isTrue();
        assertThat(outcome.calls()).extracting(RecordedCall::task)
                .containsExactly(PromptTask.ABSTENTION_DETECTION, PromptTask.SUFFICIENCY_DETECTION, PromptTask.PARSING);
        assertThat(stub.requests()).hasSize(3);
    }

    @Test
    void aSemanticFieldIsDecidedByTheSameJudgeWithItsReasoningKept() {
        stub.when(systemMessageContains(ParsingPrompt.SYSTEM))
                .thenReply("{\"city\": \"the City of Light\", \"population_millions\": 2.1}");
        stub.when(systemMessageContains(SemanticPrompt.SYSTEM))
                .thenReply(StubReply.text("{\"reasoning\": \"The City of Light is Paris.\", \"equivalent\": true}").withUsage(40, 8));
        Map<String, TemplateField> fields = new LinkedHashMap<>(template().fields());
        fields.put("city", new TemplateField(FieldType.STRING, "The city named as the capital.", TextNode.valueOf("Paris"), null,
                null, null, Json.read("{\"primitive\": \"semantic\", \"instructions\": \"Nicknames count.\"}", JsonNode.class), null));
        PromptConfig prompts = PromptConfig.fromMap(Map.of("parsing", "Report populations in millions."));
        AnsweredJob answered = answered(EvaluationMode.TEMPLATE_ONLY, false, false, prompts, List.of(judge("judge-a")),
                answer("France's capital is the City of Light, with about 2.1 million people."), new AnswerTemplate(fields));

        publish(answered);
        ParsingOutcome outcome = Json.read(awaitParsed(answered.runId(), 1).get(0).value(), ParsedJob.class).parsing();

        assertThat(outcome.failure()).isNull();
        assertThat(outcome.template().passed()).isTrue();
        FieldVerdict city = outcome.template().fields().get(0);
        assertThat(city.field()).isEqualTo("city");
        assertThat(city.primitive()).isEqualTo("semantic");
        assertThat(city.passed()).isTrue();
        assertThat(city.detail()).contains("The City of Light is Paris.");
        // both calls recorded, the semantic one with its own prompt, the field's instructions and the ground truth
        assertThat(outcome.calls()).extracting(RecordedCall::task).containsExactly(PromptTask.PARSING, PromptTask.PARSING);
        RecordedCall semantic = outcome.calls().get(1);
        assertThat(semantic.messages().get(0).text()).startsWith(SemanticPrompt.SYSTEM).endsWith("Nicknames count.")
                .doesNotContain("Report populations in millions.");
        assertThat(semantic.messages().get(1).text()).contains("<expected>\nParis\n</expected>")
                .contains("<given>\nthe City of Light\n</given>");
        assertThat(semantic.response()).contains("\"equivalent\": true");
        assertThat(outcome.usage().inputTokens()).isGreaterThanOrEqualTo(40L);
        assertThat(stub.requests()).hasSize(2);
    }

    @Test
    void aJudgeAnsweringGarbageTwiceIsARecordedContentFailureThatKeepsBothRawAnswers() {
        String first = "I think the capital is Paris, with roughly two million people.";
        String second = "Sorry: city Paris; population 2.1 million.";
        stub.when(systemMessageContains(ParsingPrompt.SYSTEM).and(request -> request.contentsOf("assistant").isEmpty()))
                .thenReply(first);
        stub.when(systemMessageContains(ParsingPrompt.SYSTEM).and(request -> !request.contentsOf("assistant").isEmpty()))
                .thenReply(second);
        AnsweredJob answered = answered(EvaluationMode.TEMPLATE_ONLY, false, PromptConfig.EMPTY, List.of(judge("judge-a")),
                answer(RESPONSE));

        publish(answered);
        ParsingOutcome outcome = Json.read(awaitParsed(answered.runId(), 1).get(0).value(), ParsedJob.class).parsing();

        // never a silent "incorrect": no verdict, a content failure at parsing
        assertThat(outcome.template()).isNull();
        assertThat(outcome.parsed()).isNull();
        assertThat(outcome.failure().category()).isEqualTo(FailureCategory.CONTENT);
        assertThat(outcome.failure().stage()).isEqualTo(Stage.PARSING);
        assertThat(outcome.failure().errorKind()).isEqualTo(PortErrorKind.MALFORMED_RESPONSE);
        assertThat(outcome.failure().reason()).contains("no JSON object");
        // the raw judge output of both rounds is kept, and the repair round showed the judge its answer and the error
        assertThat(outcome.calls()).extracting(RecordedCall::response).containsExactly(first, second);
        assertThat(outcome.calls()).allSatisfy(call -> assertThat(call.task()).isEqualTo(PromptTask.PARSING));
        List<Message> repair = outcome.calls().get(1).messages();
        assertThat(repair).contains(Message.assistant(first));
        assertThat(repair.get(repair.size() - 1).text()).contains("could not be used").contains("no JSON object");
        assertThat(stub.requests()).hasSize(2);
    }

    @Test
    void proseAroundJsonAndObviousTypeSlipsAreRepairedWithoutAskingAgain() {
        stub.when(systemMessageContains(ParsingPrompt.SYSTEM))
                .thenReply("Here is the answer:\n{\"city\": \"Paris\", \"population_millions\": \"2.1\"}\nHope this helps.");
        AnsweredJob answered = answered(EvaluationMode.TEMPLATE_ONLY, false, PromptConfig.EMPTY, List.of(judge("judge-a")),
                answer(RESPONSE));

        publish(answered);
        ParsingOutcome outcome = Json.read(awaitParsed(answered.runId(), 1).get(0).value(), ParsedJob.class).parsing();

        assertThat(outcome.failure()).isNull();
        assertThat(outcome.parsed().get("population_millions").isNumber()).isTrue();
        assertThat(outcome.template().passed()).isTrue();
        assertThat(outcome.calls()).hasSize(1);
        assertThat(stub.requests()).hasSize(1);
    }

    @Test
    void aFailedGenerationIsPassedOnPerJudgeWithoutCallingAnyJudge() {
        Failure generationFailure = new Failure(FailureCategory.RETRY, Stage.GENERATION, "openai:m: HTTP 500 (3 attempts)", null);
        GenerationOutcome failed = new GenerationOutcome("", List.of(), UsageMetadata.EMPTY, 40, generationFailure);
        AnsweredJob answered = answered(EvaluationMode.TEMPLATE_ONLY, true, PromptConfig.EMPTY,
                List.of(judge("judge-a"), judge("judge-b")), failed);

        publish(answered);
        List<ParsedJob> parsed = awaitParsed(answered.runId(), 2).stream().map(r -> Json.read(r.value(), ParsedJob.class)).toList();

        assertThat(parsed).hasSize(2).allSatisfy(job -> {
            assertThat(job.answered().generation().failure()).isEqualTo(generationFailure);
            assertThat(job.parsing().failure()).isNull();
            assertThat(job.parsing().abstention()).isNull();
            assertThat(job.parsing().calls()).isEmpty();
        });
        assertThat(stub.requestCount()).isZero();
    }

    @Test
    void anEmptyResponseIsAnAutofailWithoutCallingAnyJudge() {
        AnsweredJob answered = answered(EvaluationMode.TEMPLATE_ONLY, true, PromptConfig.EMPTY, List.of(judge("judge-a")),
                answer("   \n "));

        publish(answered);
        ParsedJob parsed = Json.read(awaitParsed(answered.runId(), 1).get(0).value(), ParsedJob.class);

        assertThat(parsed.parsing().failure().category()).isEqualTo(FailureCategory.AUTOFAIL);
        assertThat(parsed.parsing().failure().stage()).isEqualTo(Stage.PARSING);
        assertThat(parsed.parsing().failure().reason()).contains("empty");
        assertThat(parsed.parsing().calls()).isEmpty();
        assertThat(stub.requestCount()).isZero();
    }

    @Test
    void inRubricOnlyModeWithoutAbstentionCheckTheJudgeHasNothingToDo() {
        AnsweredJob answered = answered(EvaluationMode.RUBRIC_ONLY, false, PromptConfig.EMPTY, List.of(judge("judge-a")),
                answer(RESPONSE));

        publish(answered);
        ParsedJob parsed = Json.read(awaitParsed(answered.runId(), 1).get(0).value(), ParsedJob.class);

        assertThat(parsed.parsing().failure()).isNull();
        assertThat(parsed.parsing().parsed()).isNull();
        assertThat(parsed.parsing().template()).isNull();
        assertThat(parsed.parsing().calls()).isEmpty();
        assertThat(stub.requestCount()).isZero();
    }

    @Test
    void aJudgeThatKeepsFailingBecomesARetryFailureWithEveryAttemptRecorded() {
        stub.when(any()).thenReply(StubReply.serverError());
        AnsweredJob answered = answered(EvaluationMode.TEMPLATE_ONLY, false, PromptConfig.EMPTY, List.of(judge("judge-500")),
                answer(RESPONSE));

        publish(answered);
        ParsedJob parsed = Json.read(awaitParsed(answered.runId(), 1).get(0).value(), ParsedJob.class);

        ParsingOutcome outcome = parsed.parsing();
        assertThat(outcome.failure().category()).isEqualTo(FailureCategory.RETRY);
        assertThat(outcome.failure().stage()).isEqualTo(Stage.PARSING);
        assertThat(outcome.failure().reason()).contains("openai:judge-500").contains("3 attempts");
        assertThat(outcome.parsed()).isNull();
        assertThat(outcome.template()).isNull();
        assertThat(outcome.calls()).hasSize(3).allSatisfy(call -> {
            assertThat(call.task()).isEqualTo(PromptTask.PARSING);
            assertThat(call.error()).contains("500");
            assertThat(call.messages().get(0).text()).startsWith(ParsingPrompt.SYSTEM);
        });
        assertThat(stub.requestCount()).isEqualTo(3);
    }

    @Test
    void unreadableRecordsGoToTheDeadLetterTopicAndTheNextAnswerIsStillParsed() {
        String garbage = "{\"not\": \"an answered job\", \"id\": \"" + UUID.randomUUID() + "\"}";
        TopicClient.publish(Topics.ANSWERS, "garbage-key", garbage);
        AnsweredJob noJudges = answered(EvaluationMode.TEMPLATE_ONLY, false, PromptConfig.EMPTY, List.of(), answer(RESPONSE));
        TopicClient.publish(Topics.ANSWERS, noJudges.jobId(), Json.write(noJudges));
        AnsweredJob valid = answered(EvaluationMode.RUBRIC_ONLY, false, PromptConfig.EMPTY, List.of(judge("judge-a")), answer(RESPONSE));
        publish(valid);

        ConsumerRecord<String, String> dead = TopicClient.await(Topics.DLQ, r -> garbage.equals(r.value()), 1, WAIT).get(0);
        assertThat(dead.key()).isEqualTo("garbage-key");
        assertThat(header(dead, "dead-letter-reason")).contains("AnsweredJob");
        assertThat(header(dead, "dead-letter-topic")).isEqualTo(Topics.ANSWERS);
        ConsumerRecord<String, String> judgeless = TopicClient.await(Topics.DLQ,
                r -> r.value().contains(noJudges.runId()), 1, WAIT).get(0);
        assertThat(header(judgeless, "dead-letter-reason")).contains("names no judges");

        assertThat(awaitParsed(valid.runId(), 1)).hasSize(1);
    }

    private static AdapterInstruction openAiAddition(PromptTask task, JsonNode schema) {
        var factories = AdapterInstructionRegistry.global().lookup("openai", task);
        assertThat(factories).hasSize(1);
        return factories.get(0).create(Map.of(InstructionContext.JSON_SCHEMA, schema));
    }

    private ModelConfig judge(String name) {
        return new ModelConfig(null, "openai", name, stub.baseUrl(), "TEST_LLM_KEY", 0.0, 256, null, Duration.ofSeconds(10), 4, null);
    }

    private static AnswerTemplate template() {
        Map<String, TemplateField> fields = new LinkedHashMap<>();
        fields.put("city", new TemplateField(FieldType.STRING, "The city named as the capital.", TextNode.valueOf("Paris"), null,
                null, null, null, null));
        fields.put("population_millions", new TemplateField(FieldType.NUMBER, "The population given, in millions.",
                DecimalNode.valueOf(new BigDecimal("2.1")), true, null, null, null, null));
        return new AnswerTemplate(fields);
    }

    private static GenerationOutcome answer(String response) {
        return new GenerationOutcome(response, List.of(), UsageMetadata.of("m", 20, 15), 120, null);
    }

    private static AnsweredJob answered(EvaluationMode mode, boolean abstentionCheck, PromptConfig prompts, List<ModelConfig> judges,
                                        GenerationOutcome generation) {
        return answered(mode, abstentionCheck, false, prompts, judges, generation);
    }

    private static AnsweredJob answered(EvaluationMode mode, boolean abstentionCheck, boolean sufficiencyCheck, PromptConfig prompts,
                                        List<ModelConfig> judges, GenerationOutcome generation) {
        return answered(mode, abstentionCheck, sufficiencyCheck, prompts, judges, generation, template());
    }

    private static AnsweredJob answered(EvaluationMode mode, boolean abstentionCheck, boolean sufficiencyCheck, PromptConfig prompts,
                                        List<ModelConfig> judges, GenerationOutcome generation, AnswerTemplate template) {
        Question question = new Question("q-capital", QUESTION, "Paris, about 2.1 million", List.of(), template, null);
        VerificationJob job = VerificationJob.create("run-" + UUID.randomUUID(), question, ModelConfig.of("openai", "answerer"), judges,
                1, new JobSettings(mode, abstentionCheck, sufficiencyCheck, prompts), null, Instant.parse("2026-11-01T10:00:00Z"));
        return AnsweredJob.of(job, generation);
    }

    private static void publish(AnsweredJob answered) {
        TopicClient.publish(Topics.ANSWERS, answered.jobId(), Json.write(answered));
    }

    private static List<ConsumerRecord<String, String>> awaitParsed(String runId, int count) {
        return TopicClient.await(Topics.PARSED, r -> r.value().contains("\"run_id\":\"" + runId + "\""), count, WAIT);
    }

    private static String header(ConsumerRecord<String, String> record, String name) {
        Header header = record.headers().lastHeader(name);
        return header == null ? null : new String(header.value(), StandardCharsets.UTF_8);
    }
}
