package dev.assay.it;

import dev.assay.common.benchmark.Benchmark;
import dev.assay.common.json.Json;
import dev.assay.common.pipeline.AnsweredJob;
import dev.assay.common.pipeline.GenerationOutcome;
import dev.assay.common.pipeline.VerificationJob;
import dev.assay.common.port.UsageMetadata;
import dev.assay.common.run.RunConfig;
import dev.assay.common.spec.RunPlanner;
import dev.assay.common.spec.RunSpecs;
import dev.assay.common.validation.SpecReader;
import dev.assay.testsupport.Eventually;
import dev.assay.testsupport.KafkaBrokerResource;
import dev.assay.localstack.ServiceProcess;
import dev.assay.localstack.stub.StubLlmServer;
import dev.assay.localstack.stub.StubReply;
import dev.assay.testsupport.TopicClient;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import static dev.assay.localstack.stub.RequestMatcher.any;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Graceful shutdown of a stage (docs/deploy.md, Observability: shutdown): parsing-service, packaged and run
 * as in production, gets SIGTERM while a judge call is in flight. The record in flight finishes,
 * its output is published and its offset committed; the record behind it is not started and not
 * committed, so the next instance of the consumer group processes it — and only it.
 *
 * <p>Own topics and consumer group, one partition, one record at a time
 * ({@code ASSAY_STAGE_MAX_CONCURRENCY=1}), a judge that takes four seconds to answer.
 */
class GracefulShutdownEndToEndTest {

    private static final Duration JUDGE_LATENCY = Duration.ofSeconds(4);

    @Test
    void aRecordInFlightFinishesAndTheNextOneIsLeftForTheNextInstance() throws Exception {
        String suffix = UUID.randomUUID().toString().substring(0, 8);
        String in = "assay.answers.shutdown-" + suffix;
        String out = "assay.parsed.shutdown-" + suffix;
        String group = "assay-parsing-shutdown-" + suffix;
        KafkaBrokerResource.createTopic(in, 1);
        KafkaBrokerResource.createTopic(out, 1);

        try (StubLlmServer stub = StubLlmServer.start()) {
            stub.when(any()).thenReply(StubReply.text("{\"city\":\"Paris\"}").withUsage(40, 8).withLatency(JUDGE_LATENCY));
            List<AnsweredJob> answered = answered(stub.baseUrl());
            AnsweredJob first = answered.get(0);
            AnsweredJob second = answered.get(1);
            TopicClient.publishAll(in, answered.stream().map(a -> Map.entry(a.jobId(), Json.write(a))).toList());

            Path logs = PipelineStack.projectRoot().resolve("integration-tests/target/shutdown-logs");
            Map<String, String> env = Map.of(PipelineStack.KEY_ENV, PipelineStack.KEY_VALUE, "ASSAY_STAGE_MAX_CONCURRENCY", "1");
            Map<String, String> properties = Map.of(
                    "kafka.bootstrap.servers", KafkaBrokerResource.bootstrapServers(),
                    "mp.messaging.incoming.answers.topic", in,
                    "mp.messaging.incoming.answers.group.id", group,
                    "mp.messaging.outgoing.parsed-out.topic", out);

            ServiceProcess instance = ServiceProcess.start(PipelineStack.projectRoot(), "parsing-service", logs.resolve("first"), env,
                    properties, Duration.ofSeconds(90));
            long stopping;
            long stopped;
            try {
                stub.awaitRequests(1, Duration.ofSeconds(60)); // the first record's judge call is in flight
                stopping = System.nanoTime();
                instance.close();                               // SIGTERM; close() kills only after 20 s
                stopped = System.nanoTime();
            } finally {
                instance.close();
            }
            String log = Files.readString(instance.log());
            assertThat(ProcessHandle.of(instance.pid())).isEmpty();
            assertThat(Duration.ofNanos(stopped - stopping)).as("stopped by SIGTERM, not killed\n" + log)
                    .isLessThan(Duration.ofSeconds(19));
            assertThat(log).contains("waiting up to 30s for 1 record(s) in flight to finish").contains("parsing-service stopped in");

            // the record in flight was finished: its output is out and its offset committed; the next was not started
            assertThat(outputs(out, first.jobId(), 1)).hasSize(1);
            assertThat(stub.requests()).hasSize(1);
            assertThat(committed(group, in)).as("the committed offset: past the first record, not past the second").isEqualTo(1);

            // the next instance of the group takes the second record, and only it
            ServiceProcess next = ServiceProcess.start(PipelineStack.projectRoot(), "parsing-service", logs.resolve("second"), env,
                    properties, Duration.ofSeconds(90));
            try {
                assertThat(outputs(out, second.jobId(), 1)).hasSize(1);
                Eventually.await(Duration.ofSeconds(30), () -> committed(group, in), offset -> offset == 2,
                        "the second instance to commit the second record");
            } finally {
                next.close();
            }
            assertThat(stub.requests()).hasSize(2);
            assertThat(outputs(out, first.jobId(), 1)).as("the first record was not processed again").hasSize(1);
        }
    }

    private static List<ConsumerRecord<String, String>> outputs(String topic, String jobId, int count) {
        return TopicClient.await(topic, record -> record.value().contains("\"job_id\":\"" + jobId + "\""), count, Duration.ofSeconds(60));
    }

    private static long committed(String group, String topic) {
        try (Admin admin = Admin.create(KafkaBrokerResource.clientConfig())) {
            Map<TopicPartition, OffsetAndMetadata> offsets = admin.listConsumerGroupOffsets(group)
                    .partitionsToOffsetAndMetadata().get(30, TimeUnit.SECONDS);
            OffsetAndMetadata offset = offsets.get(new TopicPartition(topic, 0));
            return offset == null ? -1 : offset.offset();
        } catch (Exception e) {
            throw new IllegalStateException("could not read the offsets of " + group, e);
        }
    }

    /** Two answered jobs for one judge on the stub: parsing makes one judge call for each. */
    private static List<AnsweredJob> answered(String stub) {
        Benchmark benchmark = SpecReader.read("""
                name: shutdown
                questions:
                  - id: france
                    question: What is the capital of France?
                    template:
                      fields:
                        city: {type: string, description: the capital city, ground_truth: Paris}
                  - id: italy
                    question: What is the capital of Italy?
                    template:
                      fields:
                        city: {type: string, description: the capital city, ground_truth: Rome}
                """, Benchmark.class);
        RunConfig config = SpecReader.read("""
                answering_models:
                  - {interface: openai, model: model-a, base_url: "%s", api_key_env: %s}
                judges:
                  - {interface: openai, model: judge-1, base_url: "%s", api_key_env: %s}
                """.formatted(stub, PipelineStack.KEY_ENV, stub, PipelineStack.KEY_ENV), RunConfig.class);
        List<VerificationJob> jobs = RunPlanner.plan("run-shutdown", RunSpecs.validate(benchmark, config).orThrow(), Instant.now());
        return jobs.stream()
                .map(job -> AnsweredJob.of(job, new GenerationOutcome("The capital is Paris.", List.of(), UsageMetadata.EMPTY, 1, null)))
                .toList();
    }
}
