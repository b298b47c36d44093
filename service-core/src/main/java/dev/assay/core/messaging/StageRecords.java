package dev.assay.core.messaging;

import dev.assay.common.json.Json;
import dev.assay.core.pipeline.RecordReader;
import dev.assay.core.pipeline.UnreadableRecordException;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.kafka.api.IncomingKafkaRecordMetadata;
import io.smallrye.reactive.messaging.kafka.api.OutgoingKafkaRecordMetadata;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.jboss.logging.Logger;

import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

/**
 * The one delivery rule of every stage consumer (docs/messaging.md): decode the record, run the
 * stage, publish every output keyed by its id and wait for the broker, then acknowledge. A record
 * that cannot be read (or that the stage refuses with {@link UnreadableRecordException}) and one
 * whose outputs cannot be published are nacked, which sends them to the dead-letter topic.
 */
public final class StageRecords {

    private StageRecords() {
    }

    /**
     * @param type  the record type on the incoming topic
     * @param stage the stage logic: plain record in, output records out
     * @param key   the Kafka key of an output (its job or result id)
     * @param out   the outgoing channel
     */
    public static <I, O> CompletionStage<Void> handle(Message<String> record, Class<I> type, Function<I, List<O>> stage,
                                                      Function<O, String> key, MutinyEmitter<String> out, Logger log) {
        List<O> outputs;
        try {
            outputs = stage.apply(RecordReader.read(record.getPayload(), type));
        } catch (UnreadableRecordException e) {
            log.warnf("unreadable record %s goes to the dead-letter topic: %s", position(record), e.getMessage());
            return record.nack(e);
        }
        try {
            for (O output : outputs) {
                out.sendMessageAndAwait(Message.of(Json.write(output))
                        .addMetadata(OutgoingKafkaRecordMetadata.<String>builder().withKey(key.apply(output)).build()));
            }
        } catch (RuntimeException e) {
            String what = "could not publish the output of record " + position(record) + ": " + e.getMessage();
            log.error(what, e);
            return record.nack(new IllegalStateException(what, e));
        }
        return record.ack();
    }

    private static String position(Message<String> record) {
        return record.getMetadata(IncomingKafkaRecordMetadata.class)
                .map(meta -> meta.getTopic() + "-" + meta.getPartition() + "@" + meta.getOffset())
                .orElse("(unknown position)");
    }
}
