package dev.assay.core.llm;

import dev.assay.common.message.Message;
import dev.assay.common.pipeline.Stage;
import dev.assay.common.prompt.PromptTask;
import dev.assay.common.run.ModelConfig;
import dev.assay.localstack.stub.StubLlmServer;
import dev.assay.localstack.stub.StubReply;
import dev.assay.testsupport.InjectStubLlm;
import dev.assay.testsupport.StubLlmResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static dev.assay.localstack.stub.RequestMatcher.any;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A model's {@code max_concurrency} is what limits its calls in flight: the adapter's HTTP client
 * adds no lower bound of its own (quarkus-langchain4j's REST client held the openai adapter at 50).
 */
@QuarkusTest
@QuarkusTestResource(StubLlmResource.class)
class InFlightCallsTest {

    private static final List<Message> PROMPT = List.of(Message.user("What is 2 + 2?"));

    @InjectStubLlm
    StubLlmServer stub;

    @Inject
    ModelGateway gateway;

    @BeforeEach
    void reset() {
        stub.reset();
    }

    @Test
    void openaiCallsInFlightReachMaxConcurrencyAbove50() throws Exception {
        assertReachesLimit("openai", "in-flight-openai", 120);
    }

    @Test
    void anthropicCallsInFlightReachMaxConcurrency() throws Exception {
        assertReachesLimit("anthropic", "in-flight-anthropic", 120);
    }

    /**
     * Each request waits at the stub until {@code limit} are there at once (or 20 s pass), so the
     * peak the stub sees is the client's real bound; twice the limit is offered.
     */
    private void assertReachesLimit(String interfaceName, String modelName, int limit) throws Exception {
        AtomicInteger inFlight = new AtomicInteger();
        AtomicInteger peak = new AtomicInteger();
        CountDownLatch allThere = new CountDownLatch(limit);
        stub.when(any()).thenReply(StubReply.computed(request -> {
            peak.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
            allThere.countDown();
            try {
                allThere.await(20, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            inFlight.decrementAndGet();
            return StubReply.text("4");
        }));
        ModelConfig model = new ModelConfig(null, interfaceName, modelName, stub.baseUrl(), "TEST_LLM_KEY", 0.0, null, null,
                Duration.ofSeconds(60), limit, null);

        List<Future<Completion>> calls = new ArrayList<>();
        try (ExecutorService callers = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < 2 * limit; i++) {
                calls.add(callers.submit(() -> gateway.complete(model, Stage.GENERATION, PromptTask.GENERATION, PROMPT)));
            }
            for (Future<Completion> call : calls) {
                assertThat(call.get(120, TimeUnit.SECONDS).content()).isEqualTo("4");
            }
        }

        assertThat(peak.get()).as("calls the stub saw in flight at once (max_concurrency %d)", limit).isEqualTo(limit);
    }
}
