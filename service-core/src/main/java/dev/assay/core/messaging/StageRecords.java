package dev.assay.core.messaging;

import dev.assay.common.json.Json;
import dev.assay.core.config.RecordLimits;
import dev.assay.core.observability.RecordIds;
import dev.assay.core.observability.StageMetrics;
import dev.assay.core.pipeline.RecordReader;
import dev.assay.core.pipeline.UnreadableRecordException;
import dev.assay.core.tracing.Tracing;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.TracingMetadata;
import io.smallrye.reactive.messaging.kafka.DeserializationFailureHandler;
import io.smallrye.reactive.messaging.kafka.api.IncomingKafkaRecordMetadata;
import io.smallrye.reactive.messaging.kafka.api.OutgoingKafkaRecordMetadata;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.jboss.logging.Logger;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The one delivery rule of every consumer, the stages' and the result store's (docs/messaging.md):
 * decode the record, run the work, deliver every output (publish it keyed by its id and wait for
 * the broker, or store it) and only then acknowledge. A record that cannot be read (or that the
 * work refuses with {@link UnreadableRecordException}) and one whose outputs cannot be delivered
 * are nacked, which sends them to the dead-letter topic.
 *
 * <p>Around that, what operations need (docs/deploy.md, Observability): stage metrics, a span per record whose
 * context travels with the outputs (Kafka headers), the record's ids in the MDC, and the shutdown
 * drain ({@link StageDrain}): a record that arrives while the service shuts down is not started
 * and not acknowledged.
 */
@ApplicationScoped
public class StageRecords {

    private static final AttributeKey<String> STAGE = AttributeKey.stringKey("assay.stage");
    private static final AttributeKey<String> TOPIC = AttributeKey.stringKey("messaging.destination.name");
    private static final AttributeKey<Long> PARTITION = AttributeKey.longKey("messaging.destination.partition.id");
    private static final AttributeKey<Long> OFFSET = AttributeKey.longKey("messaging.kafka.offset");
    /** assay.kafka.max-record-bytes' default less the headroom, for callers without configuration. */
    private static final int DEFAULT_MAX_VALUE_BYTES = Integer.parseInt(RecordLimits.DEFAULT_MAX_RECORD_BYTES) - RecordLimits.HEADROOM_BYTES;

    private final StageMetrics metrics;
    private final StageDrain drain;
    private final Tracer tracer;
    /** The most an output's value may take on the wire (docs/messaging.md, "Record sizes"). */
    private final int maxValueBytes;

    @Inject
    public StageRecords(StageMetrics metrics, StageDrain drain, Tracing tracing, RecordLimits limits) {
        this(metrics, drain, tracing.tracer(), limits.maxValueBytes());
    }

    public StageRecords(StageMetrics metrics, StageDrain drain, Tracer tracer) {
        this(metrics, drain, tracer, DEFAULT_MAX_VALUE_BYTES);
    }

    public StageRecords(StageMetrics metrics, StageDrain drain, Tracer tracer, int maxValueBytes) {
        this.metrics = metrics;
        this.drain = drain;
        this.tracer = tracer;
        this.maxValueBytes = maxValueBytes;
    }

    /**
     * What a stage consumes and publishes.
     *
     * @param stage  the stage's name in metrics and spans ({@code generation}, {@code parsing}, …)
     * @param type   the record type on the incoming topic
     * @param key    the Kafka key of an output (its job or result id)
     * @param failed whether an output carries a failure this stage recorded
     */
    public record Spec<I, O>(String stage, Class<I> type, Function<O, String> key, Predicate<O> failed, Logger log) {
    }

    /** Where outputs go; throws when one could not be delivered (after any retries of its own). */
    @FunctionalInterface
    public interface Delivery<O> {
        void deliver(O output);
    }

    /**
     * Starts observing {@code record}; empty when the service is shutting down, in which case the
     * record must be left alone: not processed, not acknowledged, not nacked.
     */
    public Optional<ObservedRecord> observe(String stage, Message<?> record) {
        if (!drain.enter()) {
            return Optional.empty();
        }
        Span span = tracer.spanBuilder(stage + " process")
                .setParent(ObservedRecord.receivedContext(record))
                .setAttribute(STAGE, stage)
                .startSpan();
        record.getMetadata(IncomingKafkaRecordMetadata.class).ifPresent(meta -> {
            span.setAttribute(TOPIC, meta.getTopic());
            span.setAttribute(PARTITION, (long) meta.getPartition());
            span.setAttribute(OFFSET, meta.getOffset());
        });
        try {
            return Optional.of(new ObservedRecord(stage, metrics, drain, span));
        } catch (RuntimeException e) {
            span.end();
            drain.exit();
            throw e;
        }
    }

    /** Decode, run {@code work}, publish every output on {@code out}, acknowledge. */
    public <I, O> CompletionStage<Void> handle(Message<String> record, Spec<I, O> spec, Function<I, List<O>> work,
                                               MutinyEmitter<String> out) {
        return handle(record, spec, work, output -> publish(output, spec, out));
    }

    /**
     * Publishes {@code output} on {@code out}, keyed by its id, and waits for the broker's acknowledgement. An
     * output larger than the record limit has its longest texts cut to fit, with a caveat ({@link RecordFitter}).
     */
    public <O> void publish(O output, Spec<?, O> spec, MutinyEmitter<String> out) {
        String json = Json.write(output);
        String fitted = RecordFitter.fit(json, maxValueBytes);
        if (fitted != json) {
            spec.log().warnf("%s %s: its record of %d characters is larger than the record limit of %d bytes; its longest "
                    + "texts are cut to fit, with a caveat", spec.stage(), spec.key().apply(output), json.length(), maxValueBytes);
        }
        out.sendMessageAndAwait(Message.of(fitted)
                .addMetadata(OutgoingKafkaRecordMetadata.<String>builder().withKey(spec.key().apply(output)).build())
                // the producer span (and the traceparent header) become children of the current span
                .addMetadata(TracingMetadata.withCurrent(Context.current())));
    }

    /** Decode, run {@code work}, hand every output to {@code delivery}, acknowledge. */
    public <I, O> CompletionStage<Void> handle(Message<String> record, Spec<I, O> spec, Function<I, List<O>> work,
                                               Delivery<O> delivery) {
        Optional<ObservedRecord> observed = observe(spec.stage(), record);
        if (observed.isEmpty()) {
            spec.log().debugf("shutting down: record %s is left for the next owner of its partition", position(record));
            return CompletableFuture.completedFuture(null);
        }
        try (ObservedRecord current = observed.get()) {
            List<O> outputs;
            try {
                I input = RecordReader.read(readable(record), spec.type());
                current.identify(RecordIds.of(input));
                outputs = work.apply(input);
            } catch (UnreadableRecordException e) {
                spec.log().warnf("unreadable record %s goes to the dead-letter topic: %s", position(record), e.getMessage());
                current.deadLettered(e);
                return record.nack(e);
            } catch (RuntimeException e) {
                // the connector nacks a record whose method throws: it goes to the dead-letter topic
                current.deadLettered(e);
                throw e;
            }
            if (current.shutdownAbandonedIt()) {
                spec.log().infof("shutting down: record %s was abandoned before its outputs were published", position(record));
                return CompletableFuture.completedFuture(null);
            }
            try {
                for (O output : outputs) {
                    delivery.deliver(output);
                    current.output(spec.failed().test(output));
                }
            } catch (RuntimeException e) {
                if (current.shutdownAbandonedIt()) {
                    spec.log().infof("shutting down: the outputs of record %s could not all be published; it is left unacknowledged",
                            position(record));
                    return CompletableFuture.completedFuture(null);
                }
                String what = "could not deliver the output of record " + position(record) + ": " + e.getMessage();
                spec.log().error(what, e);
                current.deadLettered(e);
                return record.nack(new IllegalStateException(what, e));
            }
            spec.log().debugf("record %s done: %d output(s)", position(record), outputs.size());
            return record.ack();
        }
    }

    /**
     * Runs {@code work} as a stage of its own inside the record this thread is handling, for a process that
     * chains stages without a topic between them (local-service): the stage's metrics, a span of its own
     * (child of the current one), the input's ids in the MDC, and every output counted as it leaves. A
     * failure propagates to the enclosing record, which is dead-lettered whole; the enclosing record
     * already holds the shutdown drain, so this does not enter it again.
     */
    public <I, O> List<O> within(Spec<I, O> spec, I input, Function<I, List<O>> work) {
        Span span = tracer.spanBuilder(spec.stage() + " process")
                .setParent(Context.current())
                .setAttribute(STAGE, spec.stage())
                .startSpan();
        try (ObservedRecord current = new ObservedRecord(spec.stage(), metrics, drain, false, span)) {
            current.identify(RecordIds.of(input));
            List<O> outputs;
            try {
                outputs = work.apply(input);
            } catch (RuntimeException e) {
                current.deadLettered(e);
                throw e;
            }
            for (O output : outputs) {
                current.output(spec.failed().test(output));
            }
            return outputs;
        }
    }

    /**
     * The record's text; a value the {@link StrictUtf8Deserializer} refused (not UTF-8) arrives as null with the
     * connector's reason in a header, and is unreadable for that reason.
     */
    private static String readable(Message<String> record) {
        if (record.getPayload() == null) {
            record.getMetadata(IncomingKafkaRecordMetadata.class)
                    .map(meta -> meta.getHeaders().lastHeader(DeserializationFailureHandler.DESERIALIZATION_FAILURE_REASON))
                    .ifPresent(reason -> {
                        throw new UnreadableRecordException(new String(reason.value(), StandardCharsets.UTF_8));
                    });
        }
        return record.getPayload();
    }

    static String position(Message<?> record) {
        return record.getMetadata(IncomingKafkaRecordMetadata.class)
                .map(meta -> meta.getTopic() + "-" + meta.getPartition() + "@" + meta.getOffset())
                .orElse("(unknown position)");
    }
}
