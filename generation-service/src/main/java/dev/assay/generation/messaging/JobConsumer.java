package dev.assay.generation.messaging;

import dev.assay.common.json.Json;
import dev.assay.common.pipeline.AnsweredJob;
import dev.assay.common.pipeline.VerificationJob;
import dev.assay.core.pipeline.RecordReader;
import dev.assay.core.pipeline.UnreadableRecordException;
import dev.assay.generation.service.GenerationStage;
import io.smallrye.common.annotation.RunOnVirtualThread;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.kafka.api.IncomingKafkaRecordMetadata;
import io.smallrye.reactive.messaging.kafka.api.OutgoingKafkaRecordMetadata;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.jboss.logging.Logger;

import java.util.concurrent.CompletionStage;

/**
 * Consumes {@code assay.jobs} and publishes each job's answer on {@code assay.answers}, keyed by
 * {@code job_id} (docs/messaging.md). Each record runs on its own virtual thread; it is acked only
 * once the broker has acknowledged its answer, so the offset is never committed ahead of the output.
 */
@ApplicationScoped
public class JobConsumer {

    private static final Logger LOG = Logger.getLogger(JobConsumer.class);

    private final GenerationStage stage;
    private final MutinyEmitter<String> answers;

    public JobConsumer(GenerationStage stage, @Channel("answers") MutinyEmitter<String> answers) {
        this.stage = stage;
        this.answers = answers;
    }

    @Incoming("jobs")
    @RunOnVirtualThread
    public CompletionStage<Void> consume(Message<String> record) {
        VerificationJob job;
        try {
            job = RecordReader.read(record.getPayload(), VerificationJob.class);
        } catch (UnreadableRecordException e) {
            LOG.warnf("unreadable record %s goes to the dead-letter topic: %s", position(record), e.getMessage());
            return record.nack(e);
        }
        AnsweredJob answered = stage.process(job);
        try {
            answers.sendMessageAndAwait(keyed(answered.jobId(), Json.write(answered)));
        } catch (RuntimeException e) {
            LOG.errorf(e, "could not publish the answer of job %s (run %s)", job.jobId(), job.runId());
            return record.nack(new IllegalStateException("could not publish the answer of job " + job.jobId() + ": " + e.getMessage(), e));
        }
        return record.ack();
    }

    private static Message<String> keyed(String key, String value) {
        return Message.of(value).addMetadata(OutgoingKafkaRecordMetadata.<String>builder().withKey(key).build());
    }

    private static String position(Message<String> record) {
        return record.getMetadata(IncomingKafkaRecordMetadata.class)
                .map(meta -> meta.getTopic() + "-" + meta.getPartition() + "@" + meta.getOffset())
                .orElse("(unknown position)");
    }
}
