package dev.assay.generation.messaging;

import dev.assay.common.json.Json;
import dev.assay.common.pipeline.VerificationJob;
import dev.assay.generation.config.ApiConfig;
import dev.assay.generation.service.JobPublisher;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.kafka.api.OutgoingKafkaRecordMetadata;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Message;

import java.util.List;

/** Publishes jobs to {@code assay.jobs} (channel {@code jobs-out}), keyed by {@code job_id}, as JSON text. */
@ApplicationScoped
public class KafkaJobPublisher implements JobPublisher {

    private final MutinyEmitter<String> emitter;
    private final ApiConfig config;

    public KafkaJobPublisher(@Channel("jobs-out") MutinyEmitter<String> emitter, ApiConfig config) {
        this.emitter = emitter;
        this.config = config;
    }

    @Override
    public void publish(List<VerificationJob> jobs) {
        // In batches: each send waits in the emitter's buffer until the broker acknowledges it,
        // and a run may have many thousands of jobs.
        int batch = Math.max(1, config.publishBatchSize());
        for (int from = 0; from < jobs.size(); from += batch) {
            List<Uni<Void>> sends = jobs.subList(from, Math.min(jobs.size(), from + batch)).stream()
                    .map(job -> emitter.sendMessage(Message.of(Json.write(job))
                            .addMetadata(OutgoingKafkaRecordMetadata.<String>builder().withKey(job.jobId()).build())))
                    .toList();
            Uni.join().all(sends).andFailFast().await().atMost(config.publishTimeout());
        }
    }
}
