package dev.assay.generation.messaging;

import dev.assay.common.json.Json;
import dev.assay.common.pipeline.VerificationJob;
import dev.assay.core.tracing.Tracing;
import dev.assay.generation.config.ApiConfig;
import dev.assay.generation.service.JobPublisher;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanBuilder;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.TracingMetadata;
import io.smallrye.reactive.messaging.kafka.api.OutgoingKafkaRecordMetadata;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Message;

import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Publishes jobs to {@code assay.jobs} (channel {@code jobs-out}), keyed by {@code job_id}, as JSON text.
 *
 * <p>Each job starts a trace of its own (a {@code job submitted} span, linked to the request that
 * submitted the run), which the three stages continue through the Kafka headers: a run of
 * thousands of jobs is thousands of small traces, not one that no trace viewer can show.
 */
@ApplicationScoped
public class KafkaJobPublisher implements JobPublisher {

    private static final AttributeKey<String> RUN_ID = AttributeKey.stringKey("assay.run_id");
    private static final AttributeKey<String> JOB_ID = AttributeKey.stringKey("assay.job_id");

    private final MutinyEmitter<String> emitter;
    private final ApiConfig config;
    private final Tracer tracer;

    public KafkaJobPublisher(@Channel("jobs-out") MutinyEmitter<String> emitter, ApiConfig config, Tracing tracing) {
        this.emitter = emitter;
        this.config = config;
        this.tracer = tracing.tracer();
    }

    @Override
    public void publish(List<VerificationJob> jobs) {
        // A window of publishBatchSize sends in flight (the emitter buffers that many), each freeing
        // its slot when the broker acknowledges it: the producer always has records to batch, where
        // waiting for a whole batch before sending the next left it idle for an ack round trip each time.
        int window = Math.max(1, config.publishBatchSize());
        Semaphore slots = new Semaphore(window);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        for (VerificationJob job : jobs) {
            acquire(slots, 1);
            if (failure.get() != null) {
                break;
            }
            send(job).subscribe().with(sent -> slots.release(), error -> {
                failure.compareAndSet(null, error);
                slots.release();
            });
        }
        acquire(slots, window); // every send acknowledged (or failed)
        Throwable failed = failure.get();
        if (failed != null) {
            throw failed instanceof RuntimeException e ? e : new IllegalStateException(failed.getMessage(), failed);
        }
    }

    /** Takes the slots, waiting at most the publish timeout for the broker to acknowledge earlier sends. */
    private void acquire(Semaphore slots, int count) {
        try {
            if (!slots.tryAcquire(count, config.publishTimeout().toMillis(), TimeUnit.MILLISECONDS)) {
                throw new IllegalStateException("the broker acknowledged no job within " + config.publishTimeout().toSeconds() + " s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while publishing jobs", e);
        }
    }

    private Uni<Void> send(VerificationJob job) {
        SpanContext request = Span.current().getSpanContext();
        SpanBuilder builder = tracer.spanBuilder("job submitted").setNoParent()
                .setAttribute(RUN_ID, job.runId())
                .setAttribute(JOB_ID, job.jobId());
        if (request.isValid()) {
            builder.addLink(request);
        }
        Span span = builder.startSpan();
        return emitter.sendMessage(Message.of(Json.write(job))
                        .addMetadata(OutgoingKafkaRecordMetadata.<String>builder().withKey(job.jobId()).build())
                        // the producer span and the traceparent header continue the job's own trace
                        .addMetadata(TracingMetadata.withCurrent(Context.root().with(span))))
                .onTermination().invoke(span::end);
    }
}
