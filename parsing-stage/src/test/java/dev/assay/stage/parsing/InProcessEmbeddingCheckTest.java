package dev.assay.stage.parsing;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.benchmark.Question;
import dev.assay.common.json.Json;
import dev.assay.common.message.Message;
import dev.assay.common.pipeline.AnsweredJob;
import dev.assay.common.pipeline.EmbeddingCheck;
import dev.assay.common.pipeline.GenerationOutcome;
import dev.assay.common.pipeline.JobSettings;
import dev.assay.common.pipeline.ParsingOutcome;
import dev.assay.common.pipeline.VerificationJob;
import dev.assay.common.port.LlmPort;
import dev.assay.common.port.LlmResponse;
import dev.assay.common.port.PortCapabilities;
import dev.assay.common.port.UsageMetadata;
import dev.assay.common.run.EmbeddingCheckSettings;
import dev.assay.common.run.ModelConfig;
import dev.assay.core.embedding.Embeddings;
import dev.assay.core.llm.LlmPortFactory;
import dev.assay.core.llm.LlmSettings;
import dev.assay.core.llm.ModelGateway;
import dev.assay.core.llm.SecretResolver;
import dev.assay.common.validation.Problems;
import dev.assay.common.validation.ValidationError;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The embedding check with {@code provider: in_process}: all-MiniLM-L6-v2 runs inside the parsing
 * stage on ONNX Runtime, offline (no endpoint, no network), behind the same check as the endpoint.
 */
class InProcessEmbeddingCheckTest {

    private static final Question DRUG = Json.read("""
            {"id": "drug", "question": "Which drug class does atorvastatin belong to?",
             "template": {"fields": {"drug_class": {"type": "string", "description": "The drug class named.",
               "ground_truth": "HMG-CoA reductase inhibitor"}}}}
            """, Question.class);

    /** A judge that parses every response the same way. */
    private record Parser(String parse) implements LlmPortFactory, LlmPort {
        @Override public String interfaceName() { return "scripted"; }
        @Override public LlmPort create(ModelConfig model, Optional<String> apiKey) { return this; }
        @Override public LlmResponse invoke(List<Message> messages) { return new LlmResponse(parse, UsageMetadata.EMPTY, null); }
        @Override public LlmPort withStructuredOutput(JsonNode jsonSchema) { return this; }
        @Override public PortCapabilities capabilities() { return PortCapabilities.DEFAULT; }
    }

    private static final LlmSettings NO_RETRIES = new LlmSettings() {
        @Override public int maxAttempts() { return 1; }
        @Override public Duration initialBackoff() { return Duration.ofMillis(1); }
        @Override public Duration maxBackoff() { return Duration.ofMillis(1); }
        @Override public Duration maxRetryAfter() { return Duration.ofMillis(1); }
        @Override public Duration maxRateLimitWait() { return Duration.ZERO; }
        @Override public int repairAttempts() { return 0; }
    };

    private static final InProcessEmbeddings MODEL = new InProcessEmbeddings();

    private static EmbeddingCheck check(String parsedClass, double threshold) {
        ParsingStage stage = new ParsingStage(new ModelGateway(List.of(new Parser("{\"drug_class\": \"" + parsedClass + "\"}")),
                new SecretResolver(), NO_RETRIES), dev.assay.core.search.SearchTools.NONE, new Embeddings(new SecretResolver()), MODEL,
                new dev.assay.core.agent.ToolConnector(new dev.assay.core.agent.McpConnector(new SecretResolver(), Duration.ofSeconds(5))));
        EmbeddingCheckSettings settings = new EmbeddingCheckSettings(true, null, threshold, false, null, null, EmbeddingCheckSettings.IN_PROCESS);
        JobSettings jobSettings = new JobSettings(null, false, false, null).withEmbeddingCheck(settings);
        VerificationJob job = VerificationJob.create("run", DRUG, ModelConfig.of("openai", "answerer"),
                List.of(ModelConfig.of("scripted", "judge")), 1, jobSettings, null, Instant.EPOCH);
        ParsingOutcome outcome = stage.process(AnsweredJob.of(job, new GenerationOutcome("A statin.", List.of(), UsageMetadata.EMPTY, 5,
                null))).get(0).parsing();
        return outcome.template().embeddingCheck();
    }

    @Test
    void aParaphraseOfTheGroundTruthIsCloserThanAnotherAnswerAndOverridesAtTheThreshold() {
        EmbeddingCheck paraphrase = check("HMG-CoA reductase inhibitors (statins)", 0.8);
        EmbeddingCheck other = check("beta blocker", 0.8);

        assertThat(paraphrase.error()).isNull();
        assertThat(paraphrase.model()).isEqualTo("all-MiniLM-L6-v2");
        assertThat(paraphrase.similarity()).isGreaterThan(other.similarity());
        assertThat(paraphrase.similarity()).isGreaterThanOrEqualTo(0.8);
        assertThat(paraphrase.overrideApplied()).isTrue();
        assertThat(other.similarity()).isLessThan(0.8);
        assertThat(other.overrideApplied()).isFalse();
        // the same texts embed the same way: the model is deterministic
        assertThat(MODEL.embed(List.of("statin")).get(0)).containsExactly(MODEL.embed(List.of("statin")).get(0));
    }

    @Test
    void inProcessTakesOnlyItsModelAndNoEndpointSettings() {
        Problems problems = new Problems();
        new EmbeddingCheckSettings(true, "text-embedding-3-small", null, null, "http://127.0.0.1:1/v1", null, "in_process")
                .validate("embedding_check", problems);
        new EmbeddingCheckSettings(true, null, null, null, null, null, "local").validate("embedding_check", problems);
        assertThat(problems.errors()).extracting(ValidationError::toString).containsExactly(
                "embedding_check.model: provider in_process runs all-MiniLM-L6-v2 only, got \"text-embedding-3-small\"; "
                        + "serve other models through an endpoint",
                "embedding_check.base_url: is not used with provider in_process",
                "embedding_check.provider: unknown provider \"local\"; use endpoint or in_process");
    }
}
