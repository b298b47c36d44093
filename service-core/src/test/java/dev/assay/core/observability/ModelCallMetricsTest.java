package dev.assay.core.observability;

import dev.assay.common.message.Message;
import dev.assay.common.pipeline.Stage;
import dev.assay.common.port.LlmPort;
import dev.assay.common.port.LlmResponse;
import dev.assay.common.port.MalformedResponseException;
import dev.assay.common.port.PortCapabilities;
import dev.assay.common.port.PortExecutionException;
import dev.assay.common.port.RateLimitedException;
import dev.assay.common.port.UsageMetadata;
import dev.assay.common.prompt.PromptTask;
import dev.assay.common.run.ModelConfig;
import dev.assay.core.llm.LlmPortFactory;
import dev.assay.core.llm.LlmSettings;
import dev.assay.core.llm.ModelCallException;
import dev.assay.core.llm.ModelGateway;
import dev.assay.core.llm.SecretResolver;
import com.fasterxml.jackson.databind.JsonNode;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.distribution.CountAtBucket;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.opentelemetry.api.OpenTelemetry;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/** The model-call metrics as the gateway feeds them: one count per attempt, tokens, in flight. */
class ModelCallMetricsTest {

    private static final List<Message> PROMPT = List.of(Message.user("Capital of France?"));

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final ModelCallMetrics metrics = new ModelCallMetrics(registry, OpenTelemetry.noop().getTracer("test"));
    /** What the fake model does on each call, in order. */
    private final Deque<Supplier<LlmResponse>> script = new ArrayDeque<>();
    private final ModelGateway gateway = new ModelGateway(List.of(new ScriptedFactory()), new SecretResolver(), new FastRetries(), metrics);

    private static ModelConfig model(String name) {
        return new ModelConfig(null, "scripted", name, null, null, null, null, null, Duration.ofSeconds(5), 2, null);
    }

    @Test
    void aSuccessCountsOneCallAndItsTokens() {
        script.add(() -> new LlmResponse("Paris", UsageMetadata.of("m", 12, 3), null));

        gateway.complete(model("m-ok"), Stage.GENERATION, PromptTask.GENERATION, PROMPT);

        assertThat(calls("scripted:m-ok", "success")).isEqualTo(1);
        assertThat(tokens("scripted:m-ok", "input")).isEqualTo(12);
        assertThat(tokens("scripted:m-ok", "output")).isEqualTo(3);
        Timer timer = registry.get(ModelCallMetrics.DURATION).tag("model", "scripted:m-ok").tag("outcome", "success").timer();
        assertThat(timer.count()).isEqualTo(1);
        assertThat(timer.takeSnapshot().histogramCounts()).extracting(CountAtBucket::bucket)
                .hasSize(ModelCallMetrics.CALL_BUCKETS.length);
    }

    @Test
    void aRefusalHalvesTheModelsConcurrencyLimitGauge() {
        ModelConfig four = new ModelConfig(null, "scripted", "m-429", null, null, null, null, null, Duration.ofSeconds(5), 4, null);
        script.add(() -> {
            throw new RateLimitedException("HTTP 429", Duration.ofMillis(1));
        });
        script.add(() -> new LlmResponse("Paris", UsageMetadata.of("m", 12, 3), null));

        gateway.complete(four, Stage.GENERATION, PromptTask.GENERATION, PROMPT);

        // 4 halved to 2 by the 429; one success is half a round at 2, so it stays there
        assertThat(registry.get(ModelCallMetrics.CONCURRENCY_LIMIT).tag("model", "scripted:m-429").gauge().value()).isEqualTo(2.0);
        assertThat(calls("scripted:m-429", "retried")).isEqualTo(1);
        assertThat(calls("scripted:m-429", "success")).isEqualTo(1);
    }

    @Test
    void retriedAttemptsAreCountedApartFromTheOneThatEndsTheCall() {
        for (int i = 0; i < 3; i++) {
            script.add(() -> {
                throw new PortExecutionException("HTTP 500", 500, null);
            });
        }

        ModelCallException failure = catchThrowableOfType(ModelCallException.class,
                () -> gateway.complete(model("m-down"), Stage.GENERATION, PromptTask.GENERATION, PROMPT));

        assertThat(failure.calls()).hasSize(3);
        assertThat(calls("scripted:m-down", "retried")).isEqualTo(2);
        assertThat(calls("scripted:m-down", "retry")).isEqualTo(1);   // retries ran out: the record's failure category
        assertThat(registry.get(ModelCallMetrics.CALLS).tag("model", "scripted:m-down").tag("error", "execution").counters())
                .hasSize(2);
        assertThat(registry.find(ModelCallMetrics.TOKENS).tag("model", "scripted:m-down").counters()).isEmpty();
    }

    @Test
    void failuresThatWouldRepeatAreSystemAndUnreadableAnswersContent() {
        script.add(() -> {
            throw PortExecutionException.permanent("HTTP 401");
        });
        script.add(() -> {
            throw new MalformedResponseException("not JSON", "{{");
        });

        catchThrowableOfType(ModelCallException.class, () -> gateway.complete(model("m-key"), Stage.PARSING, PromptTask.PARSING, PROMPT));
        catchThrowableOfType(ModelCallException.class, () -> gateway.complete(model("m-junk"), Stage.PARSING, PromptTask.PARSING, PROMPT));

        assertThat(calls("scripted:m-key", "system")).isEqualTo(1);
        assertThat(calls("scripted:m-junk", "content")).isEqualTo(1);
        assertThat(registry.get(ModelCallMetrics.CALLS).tag("model", "scripted:m-key").counter().getId().getTag("stage"))
                .isEqualTo("parsing");
    }

    @Test
    void theInFlightGaugeCountsCallsWhileTheyAreSent() {
        double[] seen = new double[1];
        script.add(() -> {
            seen[0] = registry.get(ModelCallMetrics.IN_FLIGHT).tag("model", "scripted:m-slow").gauge().value();
            return new LlmResponse("ok", UsageMetadata.EMPTY, null);
        });

        gateway.complete(model("m-slow"), Stage.RUBRIC, PromptTask.RUBRIC_LLM_TRAIT_SINGLE, PROMPT);

        assertThat(seen[0]).isEqualTo(1.0);
        Gauge after = registry.get(ModelCallMetrics.IN_FLIGHT).tag("model", "scripted:m-slow").gauge();
        assertThat(after.value()).isZero();
    }

    private double calls(String model, String outcome) {
        return registry.find(ModelCallMetrics.CALLS).tag("model", model).tag("outcome", outcome).counters().stream()
                .mapToDouble(Counter::count).sum();
    }

    private double tokens(String model, String direction) {
        return registry.get(ModelCallMetrics.TOKENS).tag("model", model).tag("direction", direction).counter().count();
    }

    private final class ScriptedFactory implements LlmPortFactory {
        @Override
        public String interfaceName() {
            return "scripted";
        }

        @Override
        public LlmPort create(ModelConfig model, Optional<String> apiKey) {
            return new LlmPort() {
                @Override
                public LlmResponse invoke(List<Message> messages) {
                    return script.removeFirst().get();
                }

                @Override
                public LlmPort withStructuredOutput(JsonNode jsonSchema) {
                    return this;
                }

                @Override
                public PortCapabilities capabilities() {
                    return PortCapabilities.DEFAULT;
                }
            };
        }
    }

    private static final class FastRetries implements LlmSettings {
        @Override
        public int maxAttempts() {
            return 3;
        }

        @Override
        public Duration initialBackoff() {
            return Duration.ofMillis(1);
        }

        @Override
        public Duration maxBackoff() {
            return Duration.ofMillis(5);
        }

        @Override
        public Duration maxRetryAfter() {
            return Duration.ofMillis(5);
        }

        @Override
        public Duration maxRateLimitWait() {
            return Duration.ofMillis(50);
        }

        @Override
        public int repairAttempts() {
            return 0;
        }
    }
}
