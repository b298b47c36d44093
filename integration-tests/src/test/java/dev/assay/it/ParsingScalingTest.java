package dev.assay.it;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.json.Json;
import dev.assay.common.pipeline.Topics;
import dev.assay.testsupport.Eventually;
import dev.assay.testsupport.KafkaBrokerResource;
import dev.assay.testsupport.PostgresResource;
import dev.assay.localstack.stub.RecordedRequest;
import dev.assay.localstack.ServiceProcess;
import dev.assay.localstack.stub.StubLlmServer;
import dev.assay.localstack.stub.StubReply;
import io.restassured.RestAssured;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.MemberDescription;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Scaling parsing-service out (issue 9, DESIGN §7): instances of one stage share its consumer
 * group, so the broker splits the input topic's partitions between them, and an instance that
 * stops hands its partitions back without losing a record.
 *
 * <p>The judge is a stub taking a fixed time per call with a concurrency limit of 2 per instance,
 * so parsing is the bottleneck. The default test proves the split and the hand-back; the timing
 * (one instance against two) is a measurement, run with {@code -Dassay.bench=true}
 * ({@code bin/bench-scaling}), and written to {@code integration-tests/target/bench/scaling.txt}.
 */
class ParsingScalingTest {

    static final String PARSING_GROUP = "assay-parsing";
    private static final String JUDGE = "slow-judge";
    private static final Duration JUDGE_LATENCY = Duration.ofMillis(Long.getLong("assay.bench.judge-latency-ms", 400));
    private static final int JUDGE_CONCURRENCY = 2;

    private final List<ServiceProcess> services = new ArrayList<>();
    private StubLlmServer stub;
    private ServiceProcess generation;
    private Path logs;

    @AfterEach
    void stopAll() {
        for (int i = services.size() - 1; i >= 0; i--) {
            services.get(i).close();
        }
        if (stub != null) {
            stub.close();
        }
    }

    @Test
    void twoInstancesSplitThePartitionsAndStoppingOneMidRunLosesNothing() throws Exception {
        startStack();
        ServiceProcess first = startParsing(1);
        ServiceProcess second = startParsing(2);
        Map<String, Set<TopicPartition>> assignment = awaitAssignment(2);
        // each instance owns partitions of assay.answers, and together they own all of them
        assertThat(assignment).hasSize(2);
        assignment.values().forEach(partitions -> assertThat(partitions).isNotEmpty());
        Set<TopicPartition> all = new HashSet<>();
        assignment.values().forEach(all::addAll);
        assertThat(all).hasSize(PipelineStack.PARTITIONS);

        int questions = 24;
        String runId = submit(questions);
        // stop one instance while the run is under way: its in-flight records finish or go back to the group
        Eventually.await(Duration.ofSeconds(60), () -> judgeCalls(), calls -> calls >= questions / 3,
                "a third of the judge calls");
        assertThat(judgeCalls()).as("stopped mid-run").isLessThan(questions);
        second.close();
        long bySecondBeforeStop = judgeCallsBy(2);
        // both instances were judging: the work was split, not merely the partitions
        assertThat(judgeCallsBy(1)).isPositive();
        assertThat(bySecondBeforeStop).isPositive();
        assertThat(awaitAssignment(1).values().iterator().next()).hasSize(PipelineStack.PARTITIONS);

        RunApi.awaitCompleted(runId, Duration.ofMinutes(2), this::logTails);
        JsonNode results = RunApi.results(runId);
        assertThat(results.get("total").asInt()).isEqualTo(questions);
        Set<String> answered = new HashSet<>();
        results.get("results").forEach(result -> {
            assertThat(result.get("status").asText()).as(result.get("question_id").asText()).isEqualTo("passed");
            answered.add(result.get("question_id").asText());
        });
        assertThat(answered).hasSize(questions);
        // after the stop, the first instance judged the rest: the second made no call after it stopped
        assertThat(judgeCallsBy(2)).isEqualTo(bySecondBeforeStop);
        assertThat(judgeCallsBy(1) + judgeCallsBy(2)).isGreaterThanOrEqualTo(questions);
        assertThat(first.pid()).isPositive();
    }

    /** The measurement behind docs/deploy.md's scaling section: the same run on one instance, then on two. */
    @Test
    void benchOneInstanceAgainstTwo() throws Exception {
        assumeTrue(Boolean.getBoolean("assay.bench"), "a measurement: run with -Dassay.bench=true (bin/bench-scaling)");
        int questions = Integer.getInteger("assay.bench.questions", 96);
        startStack();
        startParsing(1);
        awaitAssignment(1);
        submitAndWait(4); // warm-up: JIT, connections, the first result store writes
        Duration one = timed(questions);

        startParsing(2);
        awaitAssignment(2);
        submitAndWait(4);
        Duration two = timed(questions);

        double ratio = (double) two.toMillis() / one.toMillis();
        double floor = questions * JUDGE_LATENCY.toMillis() / (double) JUDGE_CONCURRENCY;
        String report = """
                parsing-service scaling on this machine (%s)
                questions: %d, template_only, 1 judge call each; stub judge: %d ms per call, max_concurrency %d per instance
                partitions of assay.answers: %d
                one instance:  %.1f s (judge-bound floor %.1f s)
                two instances: %.1f s (floor %.1f s)
                two / one: %.2f
                """.formatted(Instant.now(), questions, JUDGE_LATENCY.toMillis(), JUDGE_CONCURRENCY, PipelineStack.PARTITIONS,
                one.toMillis() / 1000.0, floor / 1000, two.toMillis() / 1000.0, floor / 2000, ratio);
        Path out = PipelineStack.projectRoot().resolve("integration-tests/target/bench/scaling.txt");
        Files.createDirectories(out.getParent());
        Files.writeString(out, report);
        System.out.println(report);
        assertThat(ratio).as("two instances take about half the time of one").isLessThan(0.7);
    }

    private void startStack() throws IOException {
        for (String topic : Topics.ALL) {
            KafkaBrokerResource.createTopic(topic, PipelineStack.PARTITIONS);
        }
        stub = StubLlmServer.start();
        stub.fallback(StubReply.computed(ParsingScalingTest::reply));
        logs = PipelineStack.projectRoot().resolve("integration-tests/target/e2e-logs/scaling");
        generation = start("generation-service", logs, Map.of(
                "quarkus.datasource.jdbc.url", PostgresResource.jdbcUrl(),
                "quarkus.datasource.username", PostgresResource.username(),
                "quarkus.datasource.password", PostgresResource.password()));
        start("rubric-service", logs, Map.of());
        RestAssured.baseURI = generation.baseUrl();
    }

    private ServiceProcess startParsing(int instance) throws IOException {
        // one log folder per instance (they share a module name), and an API key of its own, by which
        // the stub tells whose judge calls it serves
        return start("parsing-service", logs.resolve("parsing-" + instance), Map.of(), instanceKey(instance));
    }

    private static String instanceKey(int instance) {
        return PipelineStack.KEY_VALUE + "-parsing-" + instance;
    }

    private ServiceProcess start(String module, Path logDir, Map<String, String> properties) throws IOException {
        return start(module, logDir, properties, PipelineStack.KEY_VALUE);
    }

    private ServiceProcess start(String module, Path logDir, Map<String, String> properties, String key) throws IOException {
        Map<String, String> all = new java.util.HashMap<>(properties);
        all.put("kafka.bootstrap.servers", KafkaBrokerResource.bootstrapServers());
        ServiceProcess service = ServiceProcess.start(PipelineStack.projectRoot(), module, logDir,
                Map.of(PipelineStack.KEY_ENV, key), all, Duration.ofSeconds(90));
        services.add(service);
        return service;
    }

    /** The members of parsing's consumer group, each with its partitions of assay.answers, once there are {@code members}. */
    private static Map<String, Set<TopicPartition>> awaitAssignment(int members) {
        return Eventually.await(Duration.ofSeconds(90), ParsingScalingTest::assignment,
                assignment -> assignment.size() == members && assignment.values().stream().noneMatch(Set::isEmpty)
                        && assignment.values().stream().mapToInt(Set::size).sum() == PipelineStack.PARTITIONS,
                members + " parsing instance(s) sharing the partitions of " + Topics.ANSWERS);
    }

    private static Map<String, Set<TopicPartition>> assignment() {
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, KafkaBrokerResource.bootstrapServers()))) {
            ConsumerGroupDescription group = admin.describeConsumerGroups(List.of(PARSING_GROUP)).all()
                    .get(10, TimeUnit.SECONDS).get(PARSING_GROUP);
            Map<String, Set<TopicPartition>> byMember = new java.util.HashMap<>();
            for (MemberDescription member : group.members()) {
                Set<TopicPartition> answers = new HashSet<>();
                member.assignment().topicPartitions().stream().filter(p -> p.topic().equals(Topics.ANSWERS)).forEach(answers::add);
                byMember.put(member.consumerId(), answers);
            }
            return byMember;
        } catch (Exception e) {
            return Map.of();
        }
    }

    private long judgeCalls() {
        return stub.requests().stream().filter(request -> JUDGE.equals(request.model())).count();
    }

    private long judgeCallsBy(int instance) {
        String bearer = "Bearer " + instanceKey(instance);
        return stub.requests().stream()
                .filter(request -> JUDGE.equals(request.model()) && request.header("authorization").orElse("").equals(bearer))
                .count();
    }

    private Duration timed(int questions) {
        long started = System.nanoTime();
        submitAndWait(questions);
        return Duration.ofNanos(System.nanoTime() - started);
    }

    private void submitAndWait(int questions) {
        RunApi.awaitCompleted(submit(questions), Duration.ofMinutes(5), this::logTails);
    }

    private String submit(int questions) {
        StringBuilder yaml = new StringBuilder("benchmark:\n  questions:\n");
        for (int i = 1; i <= questions; i++) {
            yaml.append("    - {question: \"Capital number ").append(i).append(" of France? (").append(System.nanoTime())
                    .append(")\", template: {fields: {city: {type: string, description: the city, ground_truth: Paris}}}}\n");
        }
        String url = stub.baseUrl();
        yaml.append("""
                config:
                  answering_models: [{interface: openai, model: answerer, base_url: "%s", api_key_env: %s}]
                  judges: [{interface: openai, model: %s, base_url: "%s", api_key_env: %s, max_concurrency: %d}]
                  evaluation_mode: template_only
                """.formatted(url, PipelineStack.KEY_ENV, JUDGE, url, PipelineStack.KEY_ENV, JUDGE_CONCURRENCY));
        try {
            return RunApi.submit(Json.write(Json.yaml().readTree(yaml.toString()))).get("run_id").asText();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static StubReply reply(RecordedRequest request) {
        if (JUDGE.equals(request.model())) {
            return StubReply.text("{\"city\": \"Paris\"}").withLatency(JUDGE_LATENCY);
        }
        return StubReply.text("Paris.");
    }

    private String logTails() {
        StringBuilder tails = new StringBuilder();
        services.forEach(service -> tails.append("\n--- ").append(service.log()).append('\n').append(service.tail()));
        return tails.toString();
    }
}
