package dev.assay.core.messaging;

import dev.assay.common.benchmark.Benchmark;
import dev.assay.common.json.Json;
import dev.assay.common.pipeline.VerificationJob;
import dev.assay.common.run.RunConfig;
import dev.assay.common.spec.RunPlanner;
import dev.assay.common.spec.RunSpecs;
import dev.assay.common.validation.SpecReader;
import dev.assay.core.observability.RecordMdc;
import dev.assay.core.observability.StageMetrics;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.opentelemetry.api.OpenTelemetry;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.TracingMetadata;
import io.smallrye.reactive.messaging.kafka.api.OutgoingKafkaRecordMetadata;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.jboss.logging.Logger;
import org.jboss.logging.MDC;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Proxy;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;

/** The consumer rule with what operations need around it: metrics, MDC, trace context on outputs, the shutdown drain. */
class StageRecordsTest {

    private static final Logger LOG = Logger.getLogger(StageRecordsTest.class);
    private static final StageRecords.Spec<VerificationJob, VerificationJob> SPEC = new StageRecords.Spec<>(
            "generation", VerificationJob.class, VerificationJob::jobId, job -> job.replicate() > 1, LOG);

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final StageDrain drain = new StageDrain(Duration.ofSeconds(5));
    private final StageRecords records = new StageRecords(new StageMetrics(registry), drain, OpenTelemetry.noop().getTracer("test"));
    private final List<Message<String>> published = new ArrayList<>();
    private final AtomicReference<String> acked = new AtomicReference<>("no");

    @Test
    void aRecordIsProcessedWithItsIdsInTheMdcPublishedWithTraceContextAndAcked() {
        VerificationJob job = job();
        List<String> seenInStage = new ArrayList<>();

        records.handle(record(job), SPEC, in -> {
            seenInStage.add(MDC.get(RecordMdc.RUN_ID) + "/" + MDC.get(RecordMdc.JOB_ID));
            return List.of(in);
        }, emitter(false));

        assertThat(seenInStage).containsExactly("run-obs/" + job.jobId());
        assertThat(MDC.get(RecordMdc.JOB_ID)).as("cleared after the record").isNull();
        assertThat(acked.get()).isEqualTo("ack");
        assertThat(published).singleElement().satisfies(out -> {
            assertThat(out.getMetadata(OutgoingKafkaRecordMetadata.class)).get().extracting(OutgoingKafkaRecordMetadata::getKey)
                    .isEqualTo(job.jobId());
            assertThat(TracingMetadata.fromMessage(out)).isPresent();
        });
        assertThat(count(StageMetrics.RECORDS_IN, null)).isEqualTo(1);
        assertThat(count(StageMetrics.RECORDS_OUT, "ok")).isEqualTo(1);
        assertThat(registry.get(StageMetrics.PROCESSING).tag("outcome", "ok").timer().count()).isEqualTo(1);
        assertThat(drain.inFlight()).isZero();
    }

    @Test
    void anUnreadableRecordIsDeadLetteredAndCounted() {
        records.handle(Message.of("not json", () -> ack("ack"), e -> ack("nack: " + e.getMessage())), SPEC, List::of, emitter(false));

        assertThat(acked.get()).startsWith("nack: not JSON");
        assertThat(count(StageMetrics.RECORDS_OUT, "dlq")).isEqualTo(1);
        assertThat(published).isEmpty();
    }

    @Test
    void anOutputThatCannotBePublishedDeadLettersTheRecord() {
        records.handle(record(job()), SPEC, List::of, emitter(true));

        assertThat(acked.get()).startsWith("nack: could not deliver the output");
        assertThat(count(StageMetrics.RECORDS_OUT, "dlq")).isEqualTo(1);
    }

    @Test
    void whileShuttingDownARecordIsNeitherStartedNorAcknowledged() {
        drain.drain(Duration.ZERO);
        List<VerificationJob> started = new ArrayList<>();

        records.handle(record(job()), SPEC, in -> {
            started.add(in);
            return List.of(in);
        }, emitter(false));

        assertThat(started).isEmpty();
        assertThat(acked.get()).isEqualTo("no");
        assertThat(published).isEmpty();
        assertThat(registry.find(StageMetrics.RECORDS_IN).counters()).isEmpty();
    }

    @Test
    void aRecordAbandonedByTheDrainPublishesNothingAndIsNotAcknowledged() {
        records.handle(record(job()), SPEC, in -> {
            // shutdown runs out of time while this record's model call is still going
            assertThat(drain.drain(Duration.ofMillis(10))).isFalse();
            return List.of(in);
        }, emitter(false));

        assertThat(published).isEmpty();
        assertThat(acked.get()).isEqualTo("no");
        assertThat(registry.find(StageMetrics.RECORDS_OUT).counters()).isEmpty();
        assertThat(registry.get(StageMetrics.IN_FLIGHT).gauge().value()).isZero();
    }

    private double count(String name, String outcome) {
        var search = registry.find(name).tag("stage", "generation");
        if (outcome != null) {
            search = search.tag("outcome", outcome);
        }
        return search.counter() == null ? 0 : search.counter().count();
    }

    private Message<String> record(VerificationJob job) {
        return Message.of(Json.write(job), () -> ack("ack"), e -> ack("nack: " + e.getMessage()));
    }

    private CompletableFuture<Void> ack(String what) {
        acked.set(what);
        return CompletableFuture.completedFuture(null);
    }

    @SuppressWarnings("unchecked")
    private MutinyEmitter<String> emitter(boolean failing) {
        return (MutinyEmitter<String>) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[]{MutinyEmitter.class},
                (proxy, method, args) -> {
                    if (method.getName().equals("sendMessageAndAwait")) {
                        if (failing) {
                            throw new IllegalStateException("broker unreachable");
                        }
                        published.add((Message<String>) args[0]);
                        return null;
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
    }

    private static VerificationJob job() {
        Benchmark benchmark = SpecReader.read("""
                name: obs
                questions:
                  - {id: q1, question: "What is the capital of France?", raw_answer: Paris}
                """, Benchmark.class);
        RunConfig config = SpecReader.read("""
                answering_models:
                  - {interface: openai, model: m, base_url: "http://127.0.0.1:9/v1"}
                judges:
                  - {interface: openai, model: judge-1, base_url: "http://127.0.0.1:9/v1"}
                evaluation_mode: rubric_only
                """, RunConfig.class);
        return RunPlanner.plan("run-obs", RunSpecs.validate(benchmark, config).orThrow(), Instant.parse("2026-11-21T10:00:00Z")).get(0);
    }
}
