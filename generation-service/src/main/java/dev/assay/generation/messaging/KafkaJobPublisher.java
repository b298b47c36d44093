package dev.assay.generation.messaging;

import dev.assay.common.json.Json;
import dev.assay.common.pipeline.VerificationJob;
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

    public KafkaJobPublisher(@Channel("jobs-out") MutinyEmitter<String> emitter, ApiConfig config, Tracer tracer) {
        this.emitter = emitter;
        this.config = config;
        this.tracer = tracer;
    }

    @Override
    public void publish(List<VerificationJob> jobs) {
        // In batches: each send waits in the emitter's buffer until the broker acknowledges it,
        // and a run may have many thousands of jobs.
        int batch = Math.max(1, config.publishBatchSize());
        for (int from = 0; from < jobs.size(); from += batch) {
            List<Uni<Void>> sends = jobs.subList(from, Math.min(jobs.size(), from + batch)).stream()
                    .map(this::send)
                    .toList();
            Uni.join().all(sends).andFailFast().await().atMost(config.publishTimeout());
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
