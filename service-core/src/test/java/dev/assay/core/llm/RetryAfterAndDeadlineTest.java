package dev.assay.core.llm;

import dev.assay.common.message.Message;
import dev.assay.common.pipeline.FailureCategory;
import dev.assay.common.pipeline.Stage;
import dev.assay.common.port.PortErrorKind;
import dev.assay.common.port.PortException;
import dev.assay.common.port.UsageMetadata;
import dev.assay.common.prompt.PromptTask;
import dev.assay.common.run.ModelConfig;
import dev.assay.localstack.stub.RecordedRequest;
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
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static dev.assay.localstack.stub.RequestMatcher.any;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * The gateway's promises about time, observed from the stub's side: no request to a model arrives
 * before a Retry-After the model gave has passed, whichever call it belongs to; a call's attempts
 * end by its model's timeout, with no attempt after it; time held by rate limits is not charged to
 * that timeout and refusals do not use up attempts, so a rate-limited run is slower, not failed,
 * up to assay.llm.max-rate-limit-wait. (Test settings: assay.llm.max-retry-after=2s, backoff 20ms
 * to 200ms, 3 attempts.)
 */
@QuarkusTest
@QuarkusTestResource(StubLlmResource.class)
class RetryAfterAndDeadlineTest {

    private static final List<Message> PROMPT = List.of(Message.user("Capital of France?"));

    @InjectStubLlm
    StubLlmServer stub;

    @Inject
    ModelGateway gateway;

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

    private ModelConfig model(String name, Duration timeout, int maxConcurrency) {
        return new ModelConfig(null, "openai", name, stub.baseUrl(), "TEST_LLM_KEY", 0.0, 64, null, timeout, maxConcurrency, null);
    }

    private Completion ask(ModelGateway through, ModelConfig model) {
        return through.complete(model, Stage.GENERATION, PromptTask.GENERATION, PROMPT);
    }

    @Test
    void afterA429NoCallToThatModelStartsBeforeItsRetryAfterNotEvenOtherCalls() throws Exception {
        CountDownLatch rateLimited = new CountDownLatch(1);
        ModelGateway observed = new ModelGateway(factories.stream().toList(), secrets, settings,
                (model, stage, task) -> new FailureWatcher(rateLimited));
        stub.when(any()).thenReply(StubReply.rateLimited(Duration.ofSeconds(1))).once();
        stub.when(any()).thenReply("Paris");
        ModelConfig shared = model("m-shared", Duration.ofSeconds(20), 8);

        List<Future<Completion>> calls = new ArrayList<>();
        try (ExecutorService callers = Executors.newVirtualThreadPerTaskExecutor()) {
            calls.add(callers.submit(() -> ask(observed, shared)));
            // the gateway has the 429 in hand: four more calls to the same model start now
            assertThat(rateLimited.await(20, TimeUnit.SECONDS)).isTrue();
            for (int i = 0; i < 4; i++) {
                calls.add(callers.submit(() -> ask(observed, shared)));
            }
            for (Future<Completion> call : calls) {
                assertThat(call.get(30, TimeUnit.SECONDS).content()).isEqualTo("Paris");
            }
        }

        List<RecordedRequest> requests = stub.requests();
        assertThat(requests).hasSize(6);
        Instant notBefore = requests.getFirst().receivedAt().plusSeconds(1);
        assertThat(requests.subList(1, requests.size()))
                .allSatisfy(request -> assertThat(request.receivedAt()).isAfterOrEqualTo(notBefore));
    }

    @Test
    void a503WithRetryAfterIsWaitedOutToo() {
        stub.when(any()).thenReply(new StubReply.Failure(503, "overloaded", "busy (stub)", Duration.ofSeconds(1))).once();
        stub.when(any()).thenReply("Paris");

        assertThat(ask(gateway, model("m-503", Duration.ofSeconds(20), 4)).content()).isEqualTo("Paris");

        List<RecordedRequest> requests = stub.requests();
        assertThat(requests).hasSize(2);
        assertThat(requests.get(1).receivedAt()).isAfterOrEqualTo(requests.get(0).receivedAt().plusSeconds(1));
    }

    @Test
    void aRetryAfterLongerThanTheLimitEndsTheCallInsteadOfBeingCutShort() {
        stub.when(any()).thenReply(StubReply.rateLimited(Duration.ofSeconds(5))).once();
        stub.when(any()).thenReply("Paris");

        ModelCallException error = catchThrowableOfType(ModelCallException.class,
                () -> ask(gateway, model("m-429-long", Duration.ofSeconds(20), 4)));

        assertThat(error.portError().kind()).isEqualTo(PortErrorKind.RATE_LIMITED);
        assertThat(error.getMessage()).contains("asked to wait 5s").contains("assay.llm.max-retry-after (2s)");
        assertThat(stub.requestCount()).isEqualTo(1);
    }

    @Test
    void aCallAgainstAServerThatHangsEndsAtItsDeadlineWithoutAnotherAttempt() {
        stub.when(any()).thenReply(StubReply.text("too late").withLatency(Duration.ofSeconds(10)));
        long started = System.nanoTime();

        ModelCallException error = catchThrowableOfType(ModelCallException.class,
                () -> ask(gateway, model("m-hang-2s", Duration.ofSeconds(2), 4)));

        Duration took = Duration.ofNanos(System.nanoTime() - started);
        assertThat(error.portError().kind()).isEqualTo(PortErrorKind.TIMEOUT);
        assertThat(error.toFailure(Stage.GENERATION).reason()).contains("openai:m-hang-2s: deadline exceeded")
                .contains("timeout of 2s");
        assertThat(error.toFailure(Stage.GENERATION).category()).isEqualTo(FailureCategory.RETRY);
        assertThat(error.calls()).singleElement().satisfies(call -> assertThat(call.error()).contains("deadline exceeded"));
        assertThat(stub.requestCount()).isEqualTo(1);
        assertThat(took).isLessThan(Duration.ofSeconds(8));
    }

    @Test
    void theAttemptsShareOneDeadlineNoAttemptStartsAfterIt() {
        // 1.5 s each: the second attempt gets the last second of the 2.5 s and is abandoned there
        stub.when(any()).thenReply(StubReply.serverError().withLatency(Duration.ofMillis(1500)));
        Instant started = Instant.now();

        ModelCallException error = catchThrowableOfType(ModelCallException.class,
                () -> ask(gateway, model("m-slow-500", Duration.ofMillis(2500), 4)));

        assertThat(error.getMessage()).contains("deadline exceeded");
        assertThat(error.portError().kind()).isEqualTo(PortErrorKind.TIMEOUT);
        Instant deadline = started.plusMillis(2500);
        assertThat(stub.requests()).isNotEmpty()
                .allSatisfy(request -> assertThat(request.receivedAt()).isBefore(deadline));
    }

    @Test
    void queueingForTheFirstSlotIsNotChargedToTheDeadline() throws Exception {
        // the one slot is held for ~2 s by a call the stub answers slowly; the queued call's own 1.5 s
        // deadline starts only once it holds the slot, so it is answered although it waited longer than that
        stub.when(any()).thenReply(StubReply.text("first").withLatency(Duration.ofMillis(2000))).once();
        stub.when(any()).thenReply("second");
        ModelConfig busy = model("m-one-slot", Duration.ofSeconds(10), 1);
        ModelConfig queued = model("m-one-slot", Duration.ofMillis(1500), 1);

        try (ExecutorService callers = Executors.newVirtualThreadPerTaskExecutor()) {
            Future<Completion> holder = callers.submit(() -> ask(gateway, busy));
            stub.awaitRequests(1, Duration.ofSeconds(20));

            Completion answer = ask(gateway, queued);

            assertThat(answer.calls()).hasSize(1).allSatisfy(call -> assertThat(call.error()).isNull());
            assertThat(holder.get(30, TimeUnit.SECONDS).calls()).hasSize(1);
        }
        assertThat(stub.requestCount()).isEqualTo(2);
    }

    @Test
    void timeHeldByRetryAfterIsNotChargedToTheDeadline() {
        // three refusals of 1 s each hold the call about 3 s, twice its 1.5 s timeout; its attempts take milliseconds
        stub.when(any()).thenReply(StubReply.rateLimited(Duration.ofSeconds(1))).times(3);
        stub.when(any()).thenReply("Paris");

        Completion answer = ask(gateway, model("m-held-not-charged", Duration.ofMillis(1500), 4));

        assertThat(answer.content()).isEqualTo("Paris");
        assertThat(answer.calls()).hasSize(4);
        assertThat(answer.calls().subList(0, 3)).allSatisfy(call -> assertThat(call.error()).contains("HTTP 429"));
        List<RecordedRequest> requests = stub.requests();
        assertThat(requests).hasSize(4);
        for (int i = 1; i < requests.size(); i++) {
            assertThat(requests.get(i).receivedAt()).isAfterOrEqualTo(requests.get(i - 1).receivedAt().plusSeconds(1));
        }
    }

    @Test
    void refusalsDoNotUseUpAttemptsTheTotalWaitForThemIsBounded() {
        // 4.5 s of waiting allows four 1 s Retry-Afters, not a fifth: five requests, more than the 3 attempts
        ModelGateway patient = new ModelGateway(factories.stream().toList(), secrets, withMaxRateLimitWait(Duration.ofMillis(4500)));
        stub.when(any()).thenReply(StubReply.rateLimited(Duration.ofSeconds(1)));

        ModelCallException error = catchThrowableOfType(ModelCallException.class,
                () -> ask(patient, model("m-429-always", Duration.ofSeconds(20), 4)));

        assertThat(error.portError().kind()).isEqualTo(PortErrorKind.RATE_LIMITED);
        assertThat(error.toFailure(Stage.GENERATION).category()).isEqualTo(FailureCategory.RETRY);
        assertThat(error.getMessage()).contains("openai:m-429-always: rate limited: the provider kept refusing")
                .contains("after 5 refusals").contains("assay.llm.max-rate-limit-wait (4.5s)")
                .contains("raise that setting").contains("(5 attempts)");
        assertThat(stub.requestCount()).isEqualTo(5);
    }

    @Test
    void refusalsWithoutRetryAfterBackOffUntilTheTotalWaitIsSpent() {
        // no Retry-After: the gateway backs off (20 ms doubling to 200 ms), each pause counted against the 1 s
        ModelGateway patient = new ModelGateway(factories.stream().toList(), secrets, withMaxRateLimitWait(Duration.ofSeconds(1)));
        stub.when(any()).thenReply(StubReply.error(429, "rate_limit_exceeded", "slow down (stub)"));

        ModelCallException error = catchThrowableOfType(ModelCallException.class,
                () -> ask(patient, model("m-429-no-retry-after", Duration.ofSeconds(20), 4)));

        assertThat(error.portError().kind()).isEqualTo(PortErrorKind.RATE_LIMITED);
        assertThat(error.getMessage()).contains("kept refusing").contains("assay.llm.max-rate-limit-wait (1s)");
        assertThat(stub.requestCount()).isGreaterThan(settings.maxAttempts());
        // each pause at least its backoff: doubling per refusal from initial-backoff, capped at max-backoff
        List<RecordedRequest> requests = stub.requests();
        for (int i = 1; i < requests.size(); i++) {
            Duration floor = settings.initialBackoff().multipliedBy(1L << Math.min(20, i - 1));
            floor = floor.compareTo(settings.maxBackoff()) > 0 ? settings.maxBackoff() : floor;
            assertThat(Duration.between(requests.get(i - 1).receivedAt(), requests.get(i).receivedAt()))
                    .as("pause before request %d", i + 1).isGreaterThanOrEqualTo(floor);
        }
    }

    /** The test settings, but with this total wait for rate limits. */
    private LlmSettings withMaxRateLimitWait(Duration wait) {
        return new LlmSettings() {
            @Override public int maxAttempts() { return settings.maxAttempts(); }
            @Override public Duration initialBackoff() { return settings.initialBackoff(); }
            @Override public Duration maxBackoff() { return settings.maxBackoff(); }
            @Override public Duration maxRetryAfter() { return settings.maxRetryAfter(); }
            @Override public Duration maxRateLimitWait() { return wait; }
            @Override public int repairAttempts() { return settings.repairAttempts(); }
        };
    }

    /** Counts down when an attempt fails rate limited; the gateway has then read the 429. */
    private record FailureWatcher(CountDownLatch rateLimited) implements ModelCallObserver.Attempt {

        @Override
        public void succeeded(UsageMetadata usage) {
        }

        @Override
        public void failed(PortException error, boolean willRetry) {
            if (error.kind() == PortErrorKind.RATE_LIMITED) {
                rateLimited.countDown();
            }
        }

        @Override
        public void close() {
        }
    }
}
