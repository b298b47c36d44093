package dev.assay.it;

import dev.assay.common.pipeline.Topics;
import dev.assay.localstack.ServiceProcess;
import dev.assay.localstack.stub.RecordedRequest;
import dev.assay.localstack.stub.StubReply;
import dev.assay.testsupport.Eventually;
import dev.assay.testsupport.FreezingKafkaProxy;
import dev.assay.testsupport.PostgresFreeze;
import dev.assay.testsupport.TopicClient;
import io.restassured.RestAssured;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The outages of issue 37 (docs/messaging.md, Outages), each in the middle of a run of the three packaged
 * services: PostgreSQL frozen, the broker frozen, and each service killed with SIGKILL and started again.
 * Each time the run completes within 5 minutes of the fault's end with every result stored once — counted
 * per result id in the database and on assay.results — and nothing in assay.dlq. (A PostgreSQL restart, and
 * the broker stopped and started, are {@link OutageEndToEndTest}'s.)
 *
 * <p>A freeze is not a refusal: connections stay open and hang. PostgreSQL's processes get SIGSTOP and SIGCONT
 * ({@link PostgresFreeze}); the in-JVM broker cannot be stopped apart from the test JVM, so the services reach
 * it through a proxy that stops forwarding ({@link FreezingKafkaProxy}). A freeze lasts
 * {@code -Dassay.freeze.seconds} (default 30, the figure).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FaultEndToEndTest {

    private static final Duration FREEZE = Duration.ofSeconds(Long.getLong("assay.freeze.seconds", 30));
    private static final int QUESTIONS = 20;
    /** The answers come this much apart (question n after n times it), so results go on arriving for seconds. */
    private static final Duration ANSWER_SPACING = Duration.ofMillis(300);
    private static final Duration JUDGE_LATENCY = Duration.ofSeconds(1);
    private static final Pattern QUESTION_NUMBER = Pattern.compile("Question (\\d+):");

    private FreezingKafkaProxy proxy;
    private PipelineStack stack;

    @BeforeAll
    void start() throws IOException {
        proxy = FreezingKafkaProxy.start();
        stack = PipelineStack.start(Map.of(), proxy.bootstrapServers());
        stack.stub().fallback(StubReply.computed(FaultEndToEndTest::reply));
        RestAssured.baseURI = stack.apiUrl();
    }

    @AfterAll
    void stop() {
        // whatever happened, the shared database serves the test classes after this one
        PostgresFreeze.thaw();
        if (stack != null) {
            stack.close();
        }
        if (proxy != null) {
            proxy.close();
        }
    }

    @Test
    void aPostgresFreezeMidRunLosesAndDuplicatesNoResult() throws Exception {
        String runId = OutageRuns.submit(stack, "postgres-freeze", QUESTIONS);
        ServiceProcess generation = service("generation-service");
        int storedBefore = awaitStoredMidRun(runId);

        long thawAt = System.nanoTime() + FREEZE.toNanos();
        List<Long> frozen = PostgresFreeze.freeze();
        try {
            assertThat(frozen).as("the postmaster and its processes").hasSizeGreaterThan(1);
            // the pipeline goes on without the database: every result reaches assay.results and waits there
            TopicClient.await(Topics.RESULTS, record -> record.value().contains("\"run_id\":\"" + runId + "\""), QUESTIONS,
                    Duration.ofMinutes(2));
            assertThat(OutageRuns.health(generation, "ready")).as("readiness while the database hangs").isNotEqualTo(200);
            assertThat(OutageRuns.health(generation, "live")).as("nothing should restart a service that waits").isEqualTo(200);
            OutageRuns.sleepUntil(thawAt);
        } finally {
            PostgresFreeze.thaw();
        }

        assertThat(storedBefore).as("results stored before the freeze: it came mid-run").isLessThan(QUESTIONS);
        OutageRuns.assertCompleteOnce(stack, runId, QUESTIONS, true);
        Eventually.await(Duration.ofSeconds(60), () -> OutageRuns.health(generation, "ready"), status -> status == 200, "readiness UP again");
    }

    @Test
    void aBrokerFreezeMidRunLosesAndDuplicatesNoResult() throws Exception {
        String runId = OutageRuns.submit(stack, "broker-freeze", QUESTIONS);
        int storedBefore = awaitStoredMidRun(runId);

        long thawAt = System.nanoTime() + FREEZE.toNanos();
        proxy.freeze();
        try {
            for (ServiceProcess service : stack.services()) {
                // the Kafka check's call to the broker hangs: a probe gets no answer in time, as the kubelet's would not
                Eventually.await(FREEZE, () -> OutageRuns.health(service, "ready"), status -> status != 200,
                        service.name() + " readiness not UP while the broker hangs");
                assertThat(OutageRuns.health(service, "live")).as(service.name() + " liveness while the broker hangs").isEqualTo(200);
            }
            OutageRuns.sleepUntil(thawAt);
        } finally {
            proxy.thaw();
        }

        assertThat(storedBefore).as("results stored before the freeze: it came mid-run").isLessThan(QUESTIONS);
        OutageRuns.assertCompleteOnce(stack, runId, QUESTIONS, true);
        for (ServiceProcess service : stack.services()) {
            Eventually.await(Duration.ofSeconds(60), () -> OutageRuns.health(service, "ready"), status -> status == 200,
                    service.name() + " readiness UP again");
        }
    }

    /** kill -9 of one service of the deployment mid-run, then started again as an orchestrator would. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"generation-service", "parsing-service", "rubric-service"})
    void aServiceKilledMidRunAndRestartedLosesAndDuplicatesNoResult(String name) throws Exception {
        String runId = OutageRuns.submit(stack, "kill-" + name, QUESTIONS);
        ServiceProcess service = service(name);
        int storedBefore = awaitStoredMidRun(runId);

        ProcessHandle.of(service.pid()).orElseThrow().destroyForcibly(); // SIGKILL: no shutdown hook, nothing flushed
        assertThat(service.awaitExit()).as(name + " exit code").isEqualTo(137);
        service.note("FaultEndToEndTest: killed with SIGKILL mid-run (" + storedBefore + " of " + QUESTIONS
                + " results stored), starting it again");
        service.restart(Duration.ofSeconds(120));

        assertThat(storedBefore).as("results stored before the kill: it came mid-run").isLessThan(QUESTIONS);
        // redone records may publish a result again (at-least-once); stored, it is still one result
        OutageRuns.assertCompleteOnce(stack, runId, QUESTIONS, false);
    }

    /** Waits until the run has results stored, but not all: the fault then comes in the middle of it. */
    private int awaitStoredMidRun(String runId) {
        return Eventually.await(Duration.ofSeconds(120), () -> RunRecords.stored(runId).size(), stored -> stored >= 2,
                "the first results of " + runId + " stored");
    }

    private ServiceProcess service(String name) {
        return stack.services().stream().filter(service -> service.name().equals(name)).findFirst().orElseThrow();
    }

    /** Question n is answered after n times {@link #ANSWER_SPACING}; every judge takes {@link #JUDGE_LATENCY}. */
    private static StubReply reply(RecordedRequest request) {
        if ("model-a".equals(request.model())) {
            Matcher number = QUESTION_NUMBER.matcher(request.allContent());
            long n = number.find() ? Long.parseLong(number.group(1)) : 1;
            return StubReply.text("The capital of France is Paris.").withUsage(10, 5).withLatency(ANSWER_SPACING.multipliedBy(n));
        }
        return StubReply.text("{\"city\":\"Paris\"}").withUsage(40, 8).withLatency(JUDGE_LATENCY);
    }
}
