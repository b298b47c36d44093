package dev.assay.core.messaging;

import dev.assay.common.json.Json;
import dev.assay.common.pipeline.DeadLetterEnvelope;
import dev.assay.core.config.RecordLimits;
import io.smallrye.common.annotation.Identifier;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.smallrye.reactive.messaging.kafka.DeserializationFailureHandler;
import io.smallrye.reactive.messaging.kafka.IncomingKafkaRecord;
import io.smallrye.reactive.messaging.kafka.KafkaConnectorIncomingConfiguration;
import io.smallrye.reactive.messaging.kafka.KafkaConsumer;
import io.smallrye.reactive.messaging.kafka.fault.KafkaDeadLetterQueue;
import io.smallrye.reactive.messaging.kafka.fault.KafkaFailureHandler;
import io.vertx.mutiny.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.eclipse.microprofile.reactive.messaging.Metadata;
import org.jboss.logging.Logger;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * The failure strategy {@code assay-dead-letter} of every consumer (docs/messaging.md, "Dead letters"): a
 * nacked record goes to the dead-letter topic whole, as SmallRye's {@code dead-letter-queue} sends it (its
 * key, its value byte for byte, its headers and the {@code dead-letter-*} ones), and when it cannot go whole
 * (larger than the record limit once those headers are added, or refused by the broker as too large) as a
 * {@link DeadLetterEnvelope}; then its offset is committed and the consumer goes on. So no single record can
 * stop a consumer. Only when even the envelope cannot be sent (the broker is away for longer than the
 * producer waits) is the channel failed, which liveness reports with the channel's name; the record, not
 * committed, is then read again by the partition's next owner.
 */
public final class EnvelopingDeadLetterQueue implements KafkaFailureHandler {

    public static final String STRATEGY = "assay-dead-letter";

    private static final Logger LOG = Logger.getLogger(EnvelopingDeadLetterQueue.class);
    /** Headers that only repeat the value (a deserialization failure's bytes): the dead letter's value already is them. */
    private static final Set<String> DROPPED_HEADERS = Set.of(
            DeserializationFailureHandler.DESERIALIZATION_FAILURE_DATA,
            DeserializationFailureHandler.DESERIALIZATION_FAILURE_VALUE_DATA,
            DeserializationFailureHandler.DESERIALIZATION_FAILURE_KEY_DATA,
            DeserializationFailureHandler.DESERIALIZATION_FAILURE_DLQ);
    /** A record's bytes around its key, value and headers, counted generously (Kafka's record and batch headers). */
    private static final int RECORD_OVERHEAD = 128;

    private final String channel;
    private final String topic;
    private final Producer<byte[], byte[]> producer;
    private final RecordLimits limits;
    private final BiConsumer<Throwable, Boolean> reportFailure;

    EnvelopingDeadLetterQueue(String channel, String topic, Producer<byte[], byte[]> producer, RecordLimits limits,
                              BiConsumer<Throwable, Boolean> reportFailure) {
        this.channel = channel;
        this.topic = topic;
        this.producer = producer;
        this.limits = limits;
        this.reportFailure = reportFailure;
    }

    /** Selected by {@code mp.messaging.incoming.<channel>.failure-strategy=assay-dead-letter}. */
    @ApplicationScoped
    @Identifier(STRATEGY)
    public static class Factory implements KafkaFailureHandler.Factory {

        private final RecordLimits limits;

        public Factory(RecordLimits limits) {
            this.limits = limits;
        }

        @Override
        public KafkaFailureHandler create(KafkaConnectorIncomingConfiguration config, Vertx vertx,
                                          KafkaConsumer<?, ?> consumer, BiConsumer<Throwable, Boolean> reportFailure) {
            // the consumer's connection settings (servers, security) are the producer's, less what only consumers know
            Map<String, Object> producerConfig = new HashMap<>();
            Set<String> producerKeys = ProducerConfig.configNames();
            consumer.configuration().forEach((key, value) -> {
                if (producerKeys.contains(key) && value != null) {
                    producerConfig.put(key, value);
                }
            });
            producerConfig.remove(ProducerConfig.INTERCEPTOR_CLASSES_CONFIG);
            producerConfig.remove(ProducerConfig.METRIC_REPORTER_CLASSES_CONFIG);
            producerConfig.put(ProducerConfig.CLIENT_ID_CONFIG, "assay-dead-letter-" + config.getChannel());
            producerConfig.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
            producerConfig.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
            producerConfig.put(ProducerConfig.MAX_REQUEST_SIZE_CONFIG, limits.maxRecordBytes());
            producerConfig.put(ProducerConfig.ACKS_CONFIG, "all");
            String topic = config.getDeadLetterQueueTopic().orElse("dead-letter-topic-" + config.getChannel());
            LOG.debugf("channel %s dead-letters to %s, as an envelope what is larger than %d bytes", config.getChannel(), topic,
                    limits.maxRecordBytes());
            return new EnvelopingDeadLetterQueue(config.getChannel(), topic, new KafkaProducer<>(producerConfig), limits,
                    reportFailure);
        }
    }

    @Override
    public <K, V> Uni<Void> handle(IncomingKafkaRecord<K, V> record, Throwable reason, Metadata metadata) {
        String why = message(reason);
        byte[] key = bytes(record.getKey());
        byte[] value = originalValue(record);
        RecordHeaders headers = new RecordHeaders();
        add(headers, KafkaDeadLetterQueue.DEAD_LETTER_EXCEPTION_CLASS_NAME, reason.getClass().getName());
        add(headers, KafkaDeadLetterQueue.DEAD_LETTER_REASON, why);
        if (reason.getCause() != null) {
            add(headers, KafkaDeadLetterQueue.DEAD_LETTER_CAUSE_CLASS_NAME, reason.getCause().getClass().getName());
            add(headers, KafkaDeadLetterQueue.DEAD_LETTER_CAUSE, message(reason.getCause()));
        }
        add(headers, KafkaDeadLetterQueue.DEAD_LETTER_TOPIC, record.getTopic());
        add(headers, KafkaDeadLetterQueue.DEAD_LETTER_PARTITION, Integer.toString(record.getPartition()));
        add(headers, KafkaDeadLetterQueue.DEAD_LETTER_OFFSET, Long.toString(record.getOffset()));
        if (record.getHeaders() != null) {
            for (Header header : record.getHeaders()) {
                if (!DROPPED_HEADERS.contains(header.key())) {
                    headers.add(header);
                }
            }
        }
        String position = record.getTopic() + "-" + record.getPartition() + "@" + record.getOffset();
        Uni<Void> sent;
        if (size(key, value, headers) > limits.maxRecordBytes()) {
            LOG.warnf("channel %s: record %s (%d bytes) is too large to dead-letter whole; %s gets its envelope", channel,
                    position, value == null ? 0 : value.length, topic);
            sent = send(envelope(record, why, key, value, headers));
        } else {
            sent = send(new ProducerRecord<>(topic, null, key, value, headers))
                    .onFailure(EnvelopingDeadLetterQueue::tooLarge).recoverWithUni(e -> {
                        LOG.warnf("channel %s: %s refused record %s whole (%s); it gets its envelope", channel, topic, position,
                                e.getMessage());
                        return send(envelope(record, why, key, value, headers));
                    });
        }
        return sent
                .onFailure().invoke(e -> {
                    LOG.errorf(e, "channel %s: record %s could not be dead-lettered to %s; the channel stops, the record "
                            + "stays uncommitted", channel, position, topic);
                    reportFailure.accept(e, true);
                })
                .onItem().transformToUni(ignored -> Uni.createFrom().completionStage(record.ack()))
                .emitOn(record::runOnMessageContext);
    }

    private ProducerRecord<byte[], byte[]> envelope(IncomingKafkaRecord<?, ?> record, String why, byte[] key, byte[] value,
                                                    RecordHeaders original) {
        RecordHeaders headers = new RecordHeaders();
        for (Header header : original) {
            // the dead-letter-* headers (the reason cut to fit) and a trace; not the record's own, which may be the large part
            if (header.key().startsWith("dead-letter-") || header.key().equals("traceparent")) {
                headers.add(header.key(), header.key().equals(KafkaDeadLetterQueue.DEAD_LETTER_REASON)
                        || header.key().equals(KafkaDeadLetterQueue.DEAD_LETTER_CAUSE) ? cut(header.value()) : header.value());
            }
        }
        add(headers, DeadLetterEnvelope.HEADER, "true");
        int prefix = Math.min(limits.envelopePrefixBytes(), limits.maxValueBytes() / 2);
        DeadLetterEnvelope envelope = DeadLetterEnvelope.of(new String(cut(why.getBytes(StandardCharsets.UTF_8)),
                        StandardCharsets.UTF_8), record.getTopic(), record.getPartition(), record.getOffset(), value, prefix);
        return new ProducerRecord<>(topic, null, key != null && key.length > prefix ? null : key,
                Json.write(envelope).getBytes(StandardCharsets.UTF_8), headers);
    }

    private Uni<Void> send(ProducerRecord<byte[], byte[]> dead) {
        return Uni.createFrom().<Void>emitter(emitter -> producer.send(dead, (meta, error) -> {
                    if (error != null) {
                        emitter.fail(error);
                    } else {
                        emitter.complete(null);
                    }
                }))
                // send may block for the broker's metadata: never on the connector's event loop
                .runSubscriptionOn(Infrastructure.getDefaultWorkerPool());
    }

    /**
     * The value as the broker holds it: for a value the deserializer refused, its bytes from the connector's
     * headers; otherwise the text, which a {@link StrictUtf8Deserializer} read from exactly these UTF-8 bytes.
     */
    private static byte[] originalValue(IncomingKafkaRecord<?, ?> record) {
        if (record.getHeaders() != null
                && record.getHeaders().lastHeader(DeserializationFailureHandler.DESERIALIZATION_FAILURE_DESERIALIZER) != null) {
            Header data = record.getHeaders().lastHeader(DeserializationFailureHandler.DESERIALIZATION_FAILURE_VALUE_DATA);
            if (data == null) {
                data = record.getHeaders().lastHeader(DeserializationFailureHandler.DESERIALIZATION_FAILURE_DATA);
            }
            if (data != null) {
                return data.value();
            }
        }
        return bytes(record.getPayload());
    }

    private static byte[] bytes(Object value) {
        if (value == null) {
            return null;
        }
        if (value instanceof byte[] raw) {
            return raw;
        }
        return value.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static long size(byte[] key, byte[] value, RecordHeaders headers) {
        long size = RECORD_OVERHEAD + (key == null ? 0 : key.length) + (value == null ? 0 : value.length);
        for (Header header : headers) {
            size += header.key().length() + (header.value() == null ? 0 : header.value().length) + 8;
        }
        return size;
    }

    private static boolean tooLarge(Throwable error) {
        for (Throwable cause = error; cause != null; cause = cause.getCause()) {
            if (cause instanceof RecordTooLargeException) {
                return true;
            }
        }
        return false;
    }

    /** An envelope's reason stays readable and small, whatever the exception said. */
    private static byte[] cut(byte[] text) {
        int max = 4096;
        if (text == null || text.length <= max) {
            return text;
        }
        // back off to a character boundary (no continuation byte first)
        int end = max;
        while (end > 0 && (text[end] & 0xC0) == 0x80) {
            end--;
        }
        return java.util.Arrays.copyOf(text, end);
    }

    private static String message(Throwable error) {
        return error.getMessage() != null ? error.getMessage() : error.toString();
    }

    private static void add(RecordHeaders headers, String key, String value) {
        headers.add(key, value.getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public void terminate() {
        producer.close(java.time.Duration.ofSeconds(5));
    }
}
