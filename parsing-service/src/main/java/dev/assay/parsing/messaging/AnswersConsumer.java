package dev.assay.parsing.messaging;

import dev.assay.common.json.Json;
import dev.assay.common.pipeline.AnsweredJob;
import dev.assay.common.pipeline.ParsedJob;
import dev.assay.core.pipeline.RecordReader;
import dev.assay.core.pipeline.UnreadableRecordException;
import dev.assay.parsing.service.ParsingStage;
import io.smallrye.common.annotation.RunOnVirtualThread;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.kafka.api.IncomingKafkaRecordMetadata;
import io.smallrye.reactive.messaging.kafka.api.OutgoingKafkaRecordMetadata;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.jboss.logging.Logger;

import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * Consumes {@code assay.answers} and publishes one parsed record per judge on {@code assay.parsed},
 * keyed by {@code result_id} (docs/messaging.md). Each record runs on its own virtual thread; it is
 * acked only once the broker has acknowledged every one of its outputs.
 */
@ApplicationScoped
public class AnswersConsumer {

    private static final Logger LOG = Logger.getLogger(AnswersConsumer.class);

    private final ParsingStage stage;
    private final MutinyEmitter<String> parsed;

    public AnswersConsumer(ParsingStage stage, @Channel("parsed") MutinyEmitter<String> parsed) {
        this.stage = stage;
        this.parsed = parsed;
    }

    @Incoming("answers")
    @RunOnVirtualThread
    public CompletionStage<Void> consume(Message<String> record) {
        AnsweredJob answered;
        try {
            answered = RecordReader.read(record.getPayload(), AnsweredJob.class);
            if (answered.job().judges().isEmpty()) {
                // results are per judge: without one, this answer could only vanish silently
                throw new UnreadableRecordException("answered job " + answered.jobId() + " (run " + answered.runId()
                        + ") names no judges, so no result can be made for it");
            }
        } catch (UnreadableRecordException e) {
            LOG.warnf("unreadable record %s goes to the dead-letter topic: %s", position(record), e.getMessage());
            return record.nack(e);
        }
        List<ParsedJob> outputs = stage.process(answered);
        try {
            for (ParsedJob output : outputs) {
                parsed.sendMessageAndAwait(keyed(output.resultId(), Json.write(output)));
            }
        } catch (RuntimeException e) {
            LOG.errorf(e, "could not publish the parsed records of job %s (run %s)", answered.jobId(), answered.runId());
            return record.nack(new IllegalStateException("could not publish the parsed records of job " + answered.jobId() + ": "
                    + e.getMessage(), e));
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
