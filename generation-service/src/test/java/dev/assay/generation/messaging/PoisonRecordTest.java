package dev.assay.generation.messaging;

import dev.assay.common.benchmark.Question;
import dev.assay.common.json.Json;
import dev.assay.common.pipeline.AnsweredJob;
import dev.assay.common.pipeline.DeadLetterEnvelope;
import dev.assay.common.pipeline.JobSettings;
import dev.assay.common.pipeline.Topics;
import dev.assay.common.pipeline.TruncatedText;
import dev.assay.common.pipeline.VerificationJob;
import dev.assay.common.prompt.PromptConfig;
import dev.assay.common.run.EvaluationMode;
import dev.assay.common.run.ModelConfig;
import dev.assay.localstack.stub.StubLlmServer;
import dev.assay.localstack.stub.StubReply;
import dev.assay.testsupport.Eventually;
import dev.assay.testsupport.InjectStubLlm;
import dev.assay.testsupport.KafkaBrokerResource;
import dev.assay.testsupport.PoisonRecords;
import dev.assay.testsupport.PostgresResource;
import dev.assay.testsupport.StubLlmResource;
import dev.assay.testsupport.TopicClient;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import static dev.assay.localstack.stub.RequestMatcher.any;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * No record can stop the jobs consumer (docs/messaging.md, "Dead letters" and "Record sizes"): a record of
 * about the record limit, too large to dead-letter once the dead-letter headers are added, goes to
 * {@code assay.dlq} as an envelope, its offset is committed and the next job is answered; a value that is not
 * UTF-8 is dead-lettered byte for byte; a model answer five times the limit is still published, cut to fit.
 */
@QuarkusTest
@QuarkusTestResource(KafkaBrokerResource.class)
@QuarkusTestResource(PostgresResource.class)
@QuarkusTestResource(StubLlmResource.class)
class PoisonRecordTest {

    private static final Duration WAIT = Duration.ofSeconds(60);

    @InjectStubLlm
    StubLlmServer stub;

    @BeforeEach
    void reset() {
        stub.reset();
    }

    @Test
    void aRecordTooLargeToDeadLetterWholeIsDeadLetteredAsAnEnvelopeCommittedAndTheNextJobIsAnswered() throws Exception {
        int limit = ConfigProvider.getConfig().getValue("assay.kafka.max-record-bytes", Integer.class);
        String key = "large-" + UUID.randomUUID();
        // about as large as a producer of the same limit sends (its record and batch headers take ~100 bytes), so
        // the dead-letter headers tip it over the limit
        String value = "{\"schema_version\":1,\"junk\":\"" + "x".repeat(limit - 250) + "\"}";
        RecordMetadata poison = PoisonRecords.publish(Topics.JOBS, key, value.getBytes(StandardCharsets.UTF_8));
        VerificationJob job = manualJob("What colour is the sky?", "blue");
        TopicClient.publish(Topics.JOBS, job.jobId(), Json.write(job));

        ConsumerRecord<String, byte[]> dead = PoisonRecords.awaitDeadLetter(key, WAIT);
        assertThat(PoisonRecords.header(dead, DeadLetterEnvelope.HEADER)).isEqualTo("true");
        assertThat(PoisonRecords.header(dead, "dead-letter-topic")).isEqualTo(Topics.JOBS);
        assertThat(PoisonRecords.header(dead, "dead-letter-partition")).isEqualTo(Integer.toString(poison.partition()));
        assertThat(PoisonRecords.header(dead, "dead-letter-offset")).isEqualTo(Long.toString(poison.offset()));
        assertThat(PoisonRecords.header(dead, "dead-letter-reason")).contains("VerificationJob");
        assertThat(dead.serializedValueSize()).isLessThan(limit / 4);
        JsonPath envelope = JsonPath.from(new String(dead.value(), StandardCharsets.UTF_8));
        assertThat(envelope.getInt("schema_version")).isEqualTo(1);
        assertThat(envelope.getBoolean("envelope")).isTrue();
        assertThat(envelope.getString("topic")).isEqualTo(Topics.JOBS);
        assertThat(envelope.getInt("partition")).isEqualTo(poison.partition());
        assertThat(envelope.getLong("offset")).isEqualTo(poison.offset());
        assertThat(envelope.getLong("size_bytes")).isEqualTo(value.length());
        assertThat(envelope.getString("reason")).contains("VerificationJob");
        assertThat(envelope.getString("value_encoding")).isEqualTo("utf-8");
        assertThat(envelope.getBoolean("truncated")).isTrue();
        assertThat(value).startsWith(envelope.getString("value_prefix"));
        assertThat(envelope.getString("value_prefix")).hasSizeGreaterThan(1000);

        AnsweredJob answered = Json.read(awaitAnswers(job.runId()).value(), AnsweredJob.class);
        assertThat(answered.generation().response()).isEqualTo("blue");
        Eventually.await(WAIT, () -> PoisonRecords.committed("assay-generation", Topics.JOBS, poison.partition()), offset -> offset > poison.offset(),
                "the jobs consumer to commit past the large record");
        JsonPath live = JsonPath.from(given().when().get("/q/health/live").then().extract().asString());
        assertThat(live.getString("status")).as(live.prettify()).isEqualTo("UP");
    }

    @Test
    void aValueThatIsNotUtf8IsDeadLetteredByteForByte() {
        String key = "latin1-" + UUID.randomUUID();
        byte[] value = "{\"schema_version\":1,\"question\":\"caf\u00e9 \u00fcber\"}".getBytes(StandardCharsets.ISO_8859_1);
        PoisonRecords.publish(Topics.JOBS, key, value);

        ConsumerRecord<String, byte[]> dead = PoisonRecords.awaitDeadLetter(key, WAIT);
        assertThat(dead.value()).isEqualTo(value);
        assertThat(PoisonRecords.header(dead, DeadLetterEnvelope.HEADER)).isNull();
        assertThat(PoisonRecords.header(dead, "dead-letter-topic")).isEqualTo(Topics.JOBS);
        assertThat(PoisonRecords.header(dead, "dead-letter-reason")).contains("not UTF-8").contains("at byte 35");
        // the value is not repeated in the connector's headers
        assertThat(dead.headers().lastHeader("deserialization-failure-data")).isNull();
    }

    @Test
    void anAnswerFiveTimesTheRecordLimitIsPublishedCutToFit() {
        int limit = ConfigProvider.getConfig().getValue("assay.kafka.max-record-bytes", Integer.class);
        String huge = "All work and no play. ".repeat(5 * limit / 22);
        stub.when(any()).thenReply(StubReply.text(huge));
        VerificationJob job = VerificationJob.create(runId(), new Question(null, "Write a lot.", null, List.of(), null, null),
                new ModelConfig(null, "openai", "gen-huge", stub.baseUrl(), "TEST_LLM_KEY", 0.0, 64, null,
                        Duration.ofSeconds(30), 2, null),
                List.of(ModelConfig.of("openai", "judge")), 1, new JobSettings(EvaluationMode.RUBRIC_ONLY, false, PromptConfig.EMPTY),
                null, Instant.parse("2026-11-01T10:00:00Z"));
        TopicClient.publish(Topics.JOBS, job.jobId(), Json.write(job));

        ConsumerRecord<String, String> record = awaitAnswers(job.runId());
        assertThat(record.serializedValueSize()).isLessThanOrEqualTo(limit);
        AnsweredJob answered = Json.read(record.value(), AnsweredJob.class);
        assertThat(answered.generation().failure()).isNull();
        assertThat(TruncatedText.isCut(answered.generation().response())).isTrue();
        assertThat(huge).startsWith(answered.generation().response().substring(0, 1000));
        assertThat(answered.generation().response()).contains(huge.length() + " characters");
    }

    private static ConsumerRecord<String, String> awaitAnswers(String runId) {
        return TopicClient.await(Topics.ANSWERS, r -> r.value().contains("\"run_id\":\"" + runId + "\""), 1, WAIT).get(0);
    }

    private static VerificationJob manualJob(String question, String answer) {
        return VerificationJob.create(runId(), new Question(null, question, null, List.of(), null, null),
                ModelConfig.of("manual", null), List.of(ModelConfig.of("openai", "judge")), 1,
                new JobSettings(EvaluationMode.RUBRIC_ONLY, false, PromptConfig.EMPTY), answer, Instant.parse("2026-11-01T10:00:00Z"));
    }

    private static String runId() {
        return "run-" + UUID.randomUUID();
    }
}
