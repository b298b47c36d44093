package dev.assay.parsing.messaging;

import com.fasterxml.jackson.databind.node.TextNode;
import dev.assay.common.benchmark.AnswerTemplate;
import dev.assay.common.benchmark.FieldType;
import dev.assay.common.benchmark.Question;
import dev.assay.common.benchmark.TemplateField;
import dev.assay.common.json.Json;
import dev.assay.common.pipeline.AnsweredJob;
import dev.assay.common.pipeline.EmbeddingCheck;
import dev.assay.common.pipeline.GenerationOutcome;
import dev.assay.common.pipeline.JobSettings;
import dev.assay.common.pipeline.ParsedJob;
import dev.assay.common.pipeline.ParsingOutcome;
import dev.assay.common.pipeline.RecordedCall;
import dev.assay.common.pipeline.Topics;
import dev.assay.common.pipeline.VerificationJob;
import dev.assay.common.port.UsageMetadata;
import dev.assay.common.prompt.PromptConfig;
import dev.assay.common.prompt.judge.EmbeddingEquivalencePrompt;
import dev.assay.common.prompt.judge.ParsingPrompt;
import dev.assay.common.run.EmbeddingCheckSettings;
import dev.assay.common.run.EvaluationMode;
import dev.assay.common.run.ModelConfig;
import dev.assay.localstack.stub.RecordedRequest;
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

import static dev.assay.localstack.stub.RequestMatcher.systemMessageContains;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The embedding check (Karenina's stage 9) through parsing-service: the judge and the embeddings
 * endpoint served by the stub LLM, whose embeddings are deterministic bag-of-words vectors, so
 * {"city":"Paris"} and {"city":"Paris, France"} have cosine 2/√6 ≈ 0.816 and {"city":"Lyon"} 0.5.
 */
@QuarkusTest
@QuarkusTestResource(KafkaBrokerResource.class)
@QuarkusTestResource(StubLlmResource.class)
class EmbeddingCheckOverKafkaTest {

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final String RESPONSE = "The capital is Paris, France.";

    @InjectStubLlm
    StubLlmServer stub;

    @BeforeEach
    void reset() {
        stub.reset();
    }

    @Test
    void aCloseParseConfirmedByTheJudgeOverridesTheFieldFailureWithItsScore() {
        stub.when(systemMessageContains(EmbeddingEquivalencePrompt.SYSTEM)).thenReply(
                "{\"reasoning\": \"Both name Paris.\", \"equivalent\": true}");
        stub.when(systemMessageContains(ParsingPrompt.SYSTEM)).thenReply("{\"city\": \"Paris, France\"}");

        ParsingOutcome outcome = parse(new EmbeddingCheckSettings(true, "stub-embed", 0.8, null, null, null));

        assertThat(outcome.template().fields().get(0).passed()).isFalse();
        assertThat(outcome.template().passed()).isTrue();
        EmbeddingCheck check = outcome.template().embeddingCheck();
        assertThat(check.similarity()).isCloseTo(2 / Math.sqrt(6), within(1e-6));
        assertThat(check.threshold()).isEqualTo(0.8);
        assertThat(check.model()).isEqualTo("stub-embed");
        assertThat(check.judgeConfirmed()).isTrue();
        assertThat(check.overrideApplied()).isTrue();
        assertThat(outcome.calls()).extracting(RecordedCall::task).hasSize(2);
        RecordedRequest embeddings = stub.requests().stream().filter(r -> r.path().equals("/v1/embeddings")).findFirst().orElseThrow();
        assertThat(embeddings.json().path("model").asText()).isEqualTo("stub-embed");
        assertThat(embeddings.json().path("input").get(0).asText()).isEqualTo("{\"city\":\"Paris\"}");
        assertThat(embeddings.json().path("input").get(1).asText()).isEqualTo("{\"city\":\"Paris, France\"}");
        RecordedRequest confirmation = stub.requests().stream()
                .filter(r -> r.systemMessage().orElse("").contains(EmbeddingEquivalencePrompt.SYSTEM)).findFirst().orElseThrow();
        assertThat(confirmation.lastUserMessage().orElseThrow()).contains("<expected>\n{\"city\":\"Paris\"}", "<given>\n{\"city\":\"Paris, France\"}");
    }

    @Test
    void aJudgeThatDoesNotConfirmLeavesTheFailure() {
        stub.when(systemMessageContains(EmbeddingEquivalencePrompt.SYSTEM)).thenReply(
                "{\"reasoning\": \"France is not part of the expected answer.\", \"equivalent\": false}");
        stub.when(systemMessageContains(ParsingPrompt.SYSTEM)).thenReply("{\"city\": \"Paris, France\"}");

        ParsingOutcome outcome = parse(new EmbeddingCheckSettings(true, "stub-embed", 0.8, null, null, null));

        assertThat(outcome.template().passed()).isFalse();
        assertThat(outcome.template().embeddingCheck().judgeConfirmed()).isFalse();
        assertThat(outcome.template().embeddingCheck().overrideApplied()).isFalse();
    }

    @Test
    void aParseBelowTheThresholdIsNotOverriddenAndTheJudgeNotAsked() {
        stub.when(systemMessageContains(ParsingPrompt.SYSTEM)).thenReply("{\"city\": \"Lyon\"}");

        ParsingOutcome outcome = parse(new EmbeddingCheckSettings(true, "stub-embed", 0.8, null, null, null));

        assertThat(outcome.template().passed()).isFalse();
        EmbeddingCheck check = outcome.template().embeddingCheck();
        assertThat(check.similarity()).isCloseTo(0.5, within(1e-6));
        assertThat(check.judgeConfirmed()).isNull();
        assertThat(check.overrideApplied()).isFalse();
        assertThat(outcome.calls()).hasSize(1);
    }

    @Test
    void withoutConfirmationTheThresholdAloneOverrides() {
        stub.when(systemMessageContains(ParsingPrompt.SYSTEM)).thenReply("{\"city\": \"Paris, France\"}");

        ParsingOutcome outcome = parse(new EmbeddingCheckSettings(true, "stub-embed", 0.8, false, null, null));

        assertThat(outcome.template().passed()).isTrue();
        assertThat(outcome.template().embeddingCheck().overrideApplied()).isTrue();
        assertThat(outcome.template().embeddingCheck().judgeConfirmed()).isNull();
        assertThat(outcome.calls()).hasSize(1);
    }

    @Test
    void anUnreachableEmbeddingsEndpointIsRecordedAndOverridesNothing() {
        stub.when(systemMessageContains(ParsingPrompt.SYSTEM)).thenReply("{\"city\": \"Paris, France\"}");

        ParsingOutcome outcome = parse(new EmbeddingCheckSettings(true, "stub-embed", 0.8, null, "http://127.0.0.1:1/v1", null));

        assertThat(outcome.template().passed()).isFalse();
        assertThat(outcome.template().embeddingCheck().error()).contains("embeddings endpoint http://127.0.0.1:1/v1/embeddings");
        assertThat(outcome.template().embeddingCheck().similarity()).isNull();
        assertThat(outcome.template().embeddingCheck().overrideApplied()).isFalse();
    }

    private ParsingOutcome parse(EmbeddingCheckSettings embeddingCheck) {
        ModelConfig judge = new ModelConfig(null, "openai", "judge-emb", stub.baseUrl(), "TEST_LLM_KEY", 0.0, 256, null,
                Duration.ofSeconds(10), 4, null);
        AnswerTemplate template = new AnswerTemplate(Map.of("city", new TemplateField(FieldType.STRING, "The capital named.",
                TextNode.valueOf("Paris"), null, null, null, null, null)));
        Question question = new Question("q-capital", "What is the capital of France?", "Paris", List.of(), template, null);
        JobSettings settings = new JobSettings(EvaluationMode.TEMPLATE_ONLY, false, false, PromptConfig.EMPTY)
                .withEmbeddingCheck(embeddingCheck);
        VerificationJob job = VerificationJob.create("run-" + UUID.randomUUID(), question, ModelConfig.of("openai", "answerer"),
                List.of(judge), 1, settings, null, Instant.parse("2026-11-01T10:00:00Z"));
        AnsweredJob answered = AnsweredJob.of(job, new GenerationOutcome(RESPONSE, List.of(), UsageMetadata.of("m", 20, 15), 120, null));
        TopicClient.publish(Topics.ANSWERS, answered.jobId(), Json.write(answered));
        String runId = answered.runId();
        return Json.read(TopicClient.await(Topics.PARSED, r -> r.value().contains("\"run_id\":\"" + runId + "\""), 1, WAIT).get(0).value(),
                ParsedJob.class).parsing();
    }
}
