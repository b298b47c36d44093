package dev.assay.generation.messaging;

import dev.assay.common.benchmark.PromptMessage;
import dev.assay.common.benchmark.Question;
import dev.assay.common.json.Json;
import dev.assay.common.message.Message;
import dev.assay.common.pipeline.AnsweredJob;
import dev.assay.common.pipeline.FailureCategory;
import dev.assay.common.pipeline.GenerationOutcome;
import dev.assay.common.pipeline.JobSettings;
import dev.assay.common.pipeline.RecordedCall;
import dev.assay.common.pipeline.Stage;
import dev.assay.common.pipeline.Topics;
import dev.assay.common.pipeline.VerificationJob;
import dev.assay.common.prompt.PromptConfig;
import dev.assay.common.prompt.PromptTask;
import dev.assay.common.run.EvaluationMode;
import dev.assay.common.run.ModelConfig;
import dev.assay.testsupport.InjectStubLlm;
import dev.assay.testsupport.KafkaBrokerResource;
import dev.assay.testsupport.PostgresResource;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

import static dev.assay.localstack.stub.RequestMatcher.any;
import static dev.assay.localstack.stub.RequestMatcher.lastUserMessageContains;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The generation stage as other services see it: jobs published on the real broker, the answering
 * model served by the stub, answers read back from {@code assay.answers}.
 */
@QuarkusTest
@QuarkusTestResource(KafkaBrokerResource.class)
@QuarkusTestResource(PostgresResource.class)
@QuarkusTestResource(StubLlmResource.class)
class GenerationOverKafkaTest {

    private static final Duration WAIT = Duration.ofSeconds(30);
    /** The value of TEST_LLM_KEY in the test profile: it must reach the stub and nothing else. */
    private static final String API_KEY = "sk-test-stage-key-123";

    @InjectStubLlm
    StubLlmServer stub;

    @BeforeEach
    void reset() {
        stub.reset();
    }

    @Test
    void anOpenAiAnswerIsPublishedWithTheAssembledPromptUsageAndLatency() {
        stub.when(lastUserMessageContains("capital of France")).thenReply(StubReply.text("Paris").withUsage(21, 2));
        ModelConfig model = openAi("gen-ok", "You are a terse geography expert.", 4);
        PromptConfig prompts = PromptConfig.fromMap(Map.of("generation", "Answer in one word."));
        VerificationJob job = job(runId(), "What is the capital of France?", model, prompts, null);

        publish(job);
        ConsumerRecord<String, String> record = awaitAnswers(job.runId(), 1).get(0);
        AnsweredJob answered = Json.read(record.value(), AnsweredJob.class);

        assertThat(record.key()).isEqualTo(job.jobId());
        assertThat(answered.job()).isEqualTo(job);
        GenerationOutcome generation = answered.generation();
        assertThat(generation.failure()).isNull();
        assertThat(generation.response()).isEqualTo("Paris");
        assertThat(generation.usage().inputTokens()).isEqualTo(21L);
        assertThat(generation.usage().outputTokens()).isEqualTo(2L);
        assertThat(generation.latencyMs()).isGreaterThanOrEqualTo(0);

        // DESIGN §3: task system text (the model's system prompt), then the run's generation instructions;
        // the question as the user message; no adapter additions for generation.
        List<Message> expected = List.of(
                Message.system("You are a terse geography expert.\n\nAnswer in one word."),
                Message.user("What is the capital of France?"));
        RecordedCall call = generation.calls().get(0);
        assertThat(generation.calls()).hasSize(1);
        assertThat(call.messages()).isEqualTo(expected);
        assertThat(call.stage()).isEqualTo(Stage.GENERATION);
        assertThat(call.task()).isEqualTo(PromptTask.GENERATION);
        assertThat(call.model()).isEqualTo("openai:gen-ok");
        assertThat(call.response()).isEqualTo("Paris");

        RecordedRequest request = stub.awaitRequests(1, WAIT).get(0);
        assertThat(request.model()).isEqualTo("gen-ok");
        assertThat(request.contentsOf("system")).containsExactly("You are a terse geography expert.\n\nAnswer in one word.");
        assertThat(request.contentsOf("user")).containsExactly("What is the capital of France?");
        assertThat(request.header("Authorization")).contains("Bearer " + API_KEY);
        assertThat(record.value()).doesNotContain(API_KEY);
    }

    @Test
    void aMultiVariablePromptSendsEachTurnWithTheAnswersBeforeIt() {
        stub.when(lastUserMessageContains("Think of a number")).thenReply("21");
        stub.when(lastUserMessageContains("Double it")).thenReply("42");
        ModelConfig model = openAi("gen-vars", "You are terse.", 4);
        Question question = new Question("q-vars", "Doubling", null, List.of(), null, null, null, null, Map.of("max", "50"),
                List.of(PromptMessage.system("You do arithmetic."), PromptMessage.user("Think of a number below {max}."),
                        PromptMessage.toFill("number"), PromptMessage.user("Double it."), PromptMessage.toFill("answer")),
                null, null, null);
        VerificationJob job = VerificationJob.create(runId(), question, model, List.of(ModelConfig.of("openai", "judge")), 1,
                new JobSettings(EvaluationMode.RUBRIC_ONLY, false, PromptConfig.fromMap(Map.of("generation", "Digits only."))),
                null, Instant.parse("2026-11-01T10:00:00Z"));

        publish(job);
        GenerationOutcome generation = Json.read(awaitAnswers(job.runId(), 1).get(0).value(), AnsweredJob.class).generation();

        assertThat(generation.failure()).isNull();
        assertThat(generation.response()).isEqualTo("42");
        assertThat(generation.variables()).containsExactly(Map.entry("number", "21"), Map.entry("answer", "42"));
        String system = "You are terse.\n\nYou do arithmetic.\n\nDigits only.";
        List<RecordedRequest> requests = stub.awaitRequests(2, WAIT);
        assertThat(requests).hasSize(2);
        assertThat(requests.get(0).messages()).extracting(m -> m.role() + ": " + m.content()).containsExactly(
                "system: " + system, "user: Think of a number below 50.");
        assertThat(requests.get(1).messages()).extracting(m -> m.role() + ": " + m.content()).containsExactly(
                "system: " + system, "user: Think of a number below 50.", "assistant: 21", "user: Double it.");
        assertThat(generation.calls()).extracting(RecordedCall::response).containsExactly("21", "42");
    }

    @Test
    void withoutSystemPromptOrInstructionsOnlyTheQuestionIsSent() {
        stub.when(any()).thenReply("4");
        VerificationJob job = job(runId(), "What is 2 + 2?", openAi("gen-plain", null, 4), PromptConfig.EMPTY, null);

        publish(job);
        AnsweredJob answered = Json.read(awaitAnswers(job.runId(), 1).get(0).value(), AnsweredJob.class);

        assertThat(answered.generation().calls()).singleElement()
                .satisfies(call -> assertThat(call.messages()).containsExactly(Message.user("What is 2 + 2?")));
        assertThat(stub.lastRequest().messages()).hasSize(1);
    }

    @Test
    void aManualModelAnswersWithTheGivenTextAndMakesNoCall() {
        VerificationJob job = job(runId(), "What is the boiling point of water at sea level in C?", ModelConfig.of("manual", null),
                PromptConfig.EMPTY, "100");

        publish(job);
        AnsweredJob answered = Json.read(awaitAnswers(job.runId(), 1).get(0).value(), AnsweredJob.class);

        assertThat(answered.generation().response()).isEqualTo("100");
        assertThat(answered.generation().failure()).isNull();
        assertThat(answered.generation().calls()).isEmpty();
        assertThat(stub.requestCount()).isZero();
    }

    @Test
    void aPersistentServerErrorBecomesARetryFailureWithEveryAttemptRecorded() {
        stub.when(any()).thenReply(StubReply.serverError());
        VerificationJob job = job(runId(), "What is the capital of Peru?", openAi("gen-500", "Be brief.", 4), PromptConfig.EMPTY, null);

        publish(job);
        AnsweredJob answered = Json.read(awaitAnswers(job.runId(), 1).get(0).value(), AnsweredJob.class);

        GenerationOutcome generation = answered.generation();
        assertThat(generation.response()).isEmpty();
        assertThat(generation.failure()).isNotNull();
        assertThat(generation.failure().category()).isEqualTo(FailureCategory.RETRY);
        assertThat(generation.failure().stage()).isEqualTo(Stage.GENERATION);
        assertThat(generation.failure().reason()).contains("openai:gen-500").contains("3 attempts");
        // assay.llm.max-attempts defaults to 3: each attempt is in the record, prompts included
        assertThat(generation.calls()).hasSize(3).allSatisfy(call -> {
            assertThat(call.error()).contains("500");
            assertThat(call.response()).isNull();
            assertThat(call.messages()).containsExactly(Message.system("Be brief."), Message.user("What is the capital of Peru?"));
        });
        assertThat(stub.requestCount()).isEqualTo(3);
    }

    @Test
    void anUnknownInterfaceBecomesASystemFailureNotALostJob() {
        VerificationJob job = job(runId(), "Name a prime number.", ModelConfig.of("openia", "m"), PromptConfig.EMPTY, null);

        publish(job);
        AnsweredJob answered = Json.read(awaitAnswers(job.runId(), 1).get(0).value(), AnsweredJob.class);

        assertThat(answered.generation().failure().category()).isEqualTo(FailureCategory.SYSTEM);
        assertThat(answered.generation().failure().reason()).contains("no adapter for interface \"openia\"");
        assertThat(answered.generation().calls()).isEmpty();
    }

    @Test
    void jobsAreAnsweredConcurrentlyWithinTheModelsConcurrencyLimit() {
        AtomicInteger inFlight = new AtomicInteger();
        AtomicInteger maxInFlight = new AtomicInteger();
        stub.when(any()).thenReply(StubReply.computed(request -> {
            maxInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
            try {
                Thread.sleep(400);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                inFlight.decrementAndGet();
            }
            return StubReply.text("ok");
        }));
        String runId = runId();
        ModelConfig model = openAi("gen-many", null, 3);
        List<VerificationJob> jobs = new ArrayList<>();
        for (int i = 1; i <= 9; i++) {
            jobs.add(job(runId, "Question number " + i + "?", model, PromptConfig.EMPTY, null));
        }

        TopicClient.publishAll(Topics.JOBS, jobs.stream().map(job -> Map.entry(job.jobId(), Json.write(job))).toList());
        List<ConsumerRecord<String, String>> answers = awaitAnswers(runId, jobs.size());

        assertThat(answers).hasSize(jobs.size());
        assertThat(answers).extracting(ConsumerRecord::key).containsExactlyInAnyOrderElementsOf(jobs.stream().map(VerificationJob::jobId).toList());
        // one partition: only concurrent processing on virtual threads gets more than one call in flight,
        // and the model's max_concurrency (3) caps it
        assertThat(maxInFlight.get()).isEqualTo(3);
        // nine 400 ms calls three at a time arrive in three waves (~0.8 s apart first to last); one by one, 3.2 s
        List<RecordedRequest> requests = stub.requests();
        assertThat(Duration.between(requests.get(0).receivedAt(), requests.get(requests.size() - 1).receivedAt()))
                .isLessThan(Duration.ofMillis(2000));
    }

    @Test
    void anUnreadableRecordGoesToTheDeadLetterTopicAndTheNextJobIsStillAnswered() {
        String garbage = "not a job {" + UUID.randomUUID();
        TopicClient.publish(Topics.JOBS, "garbage-key", garbage);
        VerificationJob job = job(runId(), "What colour is the sky?", ModelConfig.of("manual", null), PromptConfig.EMPTY, "blue");
        publish(job);

        ConsumerRecord<String, String> dead = TopicClient.await(Topics.DLQ, r -> garbage.equals(r.value()), 1, WAIT).get(0);
        assertThat(dead.key()).isEqualTo("garbage-key");
        assertThat(header(dead, "dead-letter-reason")).contains("VerificationJob");
        assertThat(header(dead, "dead-letter-topic")).isEqualTo(Topics.JOBS);

        AnsweredJob answered = Json.read(awaitAnswers(job.runId(), 1).get(0).value(), AnsweredJob.class);
        assertThat(answered.generation().response()).isEqualTo("blue");
    }

    @Test
    void aJobOfAnUnsupportedSchemaVersionIsDeadLetteredWithTheReason() {
        String runId = runId();
        VerificationJob job = job(runId, "Is this version 2?", ModelConfig.of("manual", null), PromptConfig.EMPTY, "no");
        String future = Json.write(job).replace("\"schema_version\":1", "\"schema_version\":2");
        TopicClient.publish(Topics.JOBS, job.jobId(), future);

        ConsumerRecord<String, String> dead = TopicClient.await(Topics.DLQ, r -> future.equals(r.value()), 1, WAIT).get(0);
        assertThat(header(dead, "dead-letter-reason")).contains("schema_version 2 is not supported");
    }

    private ModelConfig openAi(String name, String systemPrompt, int maxConcurrency) {
        return new ModelConfig(null, "openai", name, stub.baseUrl(), "TEST_LLM_KEY", 0.0, 64, null, Duration.ofSeconds(10),
                maxConcurrency, systemPrompt);
    }

    private static VerificationJob job(String runId, String question, ModelConfig model, PromptConfig prompts, String manualAnswer) {
        return VerificationJob.create(runId, new Question(null, question, null, List.of(), null, null), model,
                List.of(ModelConfig.of("openai", "judge")), 1, new JobSettings(EvaluationMode.RUBRIC_ONLY, false, prompts),
                manualAnswer, Instant.parse("2026-11-01T10:00:00Z"));
    }

    private static String runId() {
        return "run-" + UUID.randomUUID();
    }

    private static void publish(VerificationJob job) {
        TopicClient.publish(Topics.JOBS, job.jobId(), Json.write(job));
    }

    private static List<ConsumerRecord<String, String>> awaitAnswers(String runId, int count) {
        return TopicClient.await(Topics.ANSWERS, r -> r.value().contains("\"run_id\":\"" + runId + "\""), count, WAIT);
    }

    private static String header(ConsumerRecord<String, String> record, String name) {
        Header header = record.headers().lastHeader(name);
        return header == null ? null : new String(header.value(), StandardCharsets.UTF_8);
    }
}
