package dev.assay.rubric.messaging;

import dev.assay.common.json.Json;
import dev.assay.common.pipeline.ParsedJob;
import dev.assay.common.pipeline.VerificationResult;
import dev.assay.core.pipeline.RecordReader;
import dev.assay.core.pipeline.UnreadableRecordException;
import dev.assay.rubric.service.RubricStage;
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
 * Consumes {@code assay.parsed} and publishes the finished result on {@code assay.results}, keyed
 * by {@code result_id} (docs/messaging.md). Each record runs on its own virtual thread; it is acked
 * only once the broker has acknowledged the result.
 */
@ApplicationScoped
public class ParsedConsumer {

    private static final Logger LOG = Logger.getLogger(ParsedConsumer.class);

    private final RubricStage stage;
    private final MutinyEmitter<String> results;

    public ParsedConsumer(RubricStage stage, @Channel("results") MutinyEmitter<String> results) {
        this.stage = stage;
        this.results = results;
    }

    @Incoming("parsed")
    @RunOnVirtualThread
    public CompletionStage<Void> consume(Message<String> record) {
        ParsedJob parsed;
        try {
            parsed = RecordReader.read(record.getPayload(), ParsedJob.class);
        } catch (UnreadableRecordException e) {
            LOG.warnf("unreadable record %s goes to the dead-letter topic: %s", position(record), e.getMessage());
            return record.nack(e);
        }
        VerificationResult result = stage.process(parsed);
        try {
            results.sendMessageAndAwait(keyed(result.resultId(), Json.write(result)));
        } catch (RuntimeException e) {
            LOG.errorf(e, "could not publish result %s (run %s)", result.resultId(), result.runId());
            return record.nack(new IllegalStateException("could not publish result " + result.resultId() + ": " + e.getMessage(), e));
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
