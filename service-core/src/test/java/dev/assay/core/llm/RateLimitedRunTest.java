package dev.assay.core.llm;

import dev.assay.common.message.Message;
import dev.assay.common.pipeline.RecordedCall;
import dev.assay.common.pipeline.Stage;
import dev.assay.common.prompt.PromptTask;
import dev.assay.common.port.PortException;
import dev.assay.common.port.UsageMetadata;
import dev.assay.common.run.ModelConfig;
import dev.assay.localstack.stub.StubLlmServer;
import dev.assay.localstack.stub.StubReply;
import dev.assay.testsupport.InjectStubLlm;
import dev.assay.testsupport.StubLlmResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static dev.assay.localstack.stub.RequestMatcher.any;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 37's rate-limited run, against the real stub over HTTP: one request in five is answered
 * 429 with {@code Retry-After: 1}, and every call still succeeds within a short timeout: the time
 * held is not the deadline's, the refusals do not use up the attempts, the model's concurrency limit
 * goes down and back up, and no request is sent while a Retry-After holds the model.
 */
@QuarkusTest
@QuarkusTestResource(StubLlmResource.class)
class RateLimitedRunTest {

    /** The one time setting: the model's timeout; every other wait in the test derives from it. */
    private static final Duration TIMEOUT = Duration.ofSeconds(3);
    private static final Duration RETRY_AFTER = Duration.ofSeconds(1);
    private static final int CALLS = 100;
    private static final int MAX_CONCURRENCY = 16;
    private static final int ONE_IN = 5;

    @InjectStubLlm
    StubLlmServer stub;

    @Inject
    Instance<LlmPortFactory> factories;

    @Inject
    SecretResolver secrets;

    @Inject
    LlmSettings settings;

    @BeforeEach
    void reset() {
        stub.reset();
    }

    @Test
    void withOneRequestInFiveRefusedEveryCallCompletesAndNoRetryAfterIsUndercut() throws Exception {
        List<Long> arrivals = Collections.synchronizedList(new ArrayList<>());
        List<Long> refusals = Collections.synchronizedList(new ArrayList<>());
        AtomicInteger served = new AtomicInteger();
        stub.when(any()).thenReply(StubReply.computed(request -> {
            long now = System.nanoTime();
            arrivals.add(now);
            if (served.incrementAndGet() % ONE_IN == 0) {
                refusals.add(now);
                return StubReply.rateLimited(RETRY_AFTER);
            }
            return StubReply.text("Paris");
        }));
        List<Long> refusalsRead = Collections.synchronizedList(new ArrayList<>());
        List<Integer> limits = Collections.synchronizedList(new ArrayList<>());
        ModelCallObserver watcher = new ModelCallObserver() {
            @Override
            public Attempt started(ModelConfig model, Stage stage, PromptTask task) {
                return new Attempt() {
                    @Override
                    public void succeeded(UsageMetadata usage) {
                    }

                    @Override
                    public void failed(PortException error, boolean willRetry) {
                        // told after the gateway set the model's Retry-After, while the refused call holds its slot
                        if (error.retryAfter().isPresent()) {
                            refusalsRead.add(System.nanoTime());
                        }
                    }

                    @Override
                    public void close() {
                    }
                };
            }

            @Override
            public void concurrencyLimitChanged(ModelConfig model, int limit, int max) {
                limits.add(limit);
            }
        };
        ModelGateway gateway = new ModelGateway(factories.stream().toList(), secrets, settings, watcher);
        ModelConfig model = new ModelConfig(null, "openai", "m-one-in-five-429", stub.baseUrl(), "TEST_LLM_KEY", 0.0, 64, null,
                TIMEOUT, MAX_CONCURRENCY, null);

        List<Future<Completion>> calls = new ArrayList<>();
        try (ExecutorService callers = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < CALLS; i++) {
                List<Message> prompt = List.of(Message.user("Capital of France? (" + i + ")"));
                calls.add(callers.submit(() -> gateway.complete(model, Stage.GENERATION, PromptTask.GENERATION, prompt)));
            }
            // each refusal holds the model a Retry-After; a request in five is one
            Duration allowed = RETRY_AFTER.multipliedBy(CALLS).plus(TIMEOUT.multipliedBy(10));
            for (Future<Completion> call : calls) {
                Completion answer = call.get(allowed.toSeconds(), TimeUnit.SECONDS);
                assertThat(answer.content()).isEqualTo("Paris");
                assertThat(answer.calls()).last().satisfies(last -> assertThat(last.error()).isNull());
                assertThat(answer.calls().subList(0, answer.calls().size() - 1)).map(RecordedCall::error)
                        .allSatisfy(error -> assertThat(error).contains("HTTP 429"));
            }
        }

        assertThat(refusals).hasSizeGreaterThanOrEqualTo(CALLS / ONE_IN);
        assertThat(refusalsRead).hasSameSizeAs(refusals);
        // counted from when the gateway read the 429 and held the model: a request arriving after that
        // was sent before it (at most the others then holding one of the model's slots, while the refused
        // call still holds its own) or is one the gateway let out during the Retry-After. (Counted from
        // the stub's reply instead, a slot freed before the gateway read the 429 may start another call.)
        for (long read : refusalsRead) {
            long during = arrivals.stream().filter(at -> at > read && at - read < RETRY_AFTER.toNanos()).count();
            assertThat(during).as("requests arriving within the Retry-After of a 429").isLessThan(MAX_CONCURRENCY);
        }
        assertThat(limits).as("the limit went down").anySatisfy(limit -> assertThat(limit).isLessThan(MAX_CONCURRENCY));
        assertThat(rises(limits)).as("and back up again").isPositive();
    }

    private static int rises(List<Integer> limits) {
        int rises = 0;
        for (int i = 1; i < limits.size(); i++) {
            if (limits.get(i) > limits.get(i - 1)) {
                rises++;
            }
        }
        return rises;
    }
}
