package dev.assay.generation.messaging;

import dev.assay.common.pipeline.Topics;
import dev.assay.generation.DeadLetterReplay;
import dev.assay.generation.service.DeadLetterReplayException;
import dev.assay.generation.service.DeadLetters;
import io.smallrye.common.annotation.Identifier;
import jakarta.enterprise.context.ApplicationScoped;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.jboss.logging.Logger;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Replays {@code assay.dlq} with plain Kafka clients (docs/messaging.md, Replaying dead letters).
 *
 * <p>SmallRye's dead-letter strategy keeps the record's key and value unchanged and adds headers:
 * {@code dead-letter-topic} (where it came from), {@code dead-letter-reason}, {@code -cause},
 * {@code -partition}, {@code -offset} and the exception class names. A replay reads the topic
 * from where the consumer group {@code assay-dlq-replay} last stopped up to its end at the time of
 * the call, publishes each record to its {@code dead-letter-topic} with its key, value and other
 * headers (a trace's {@code traceparent} among them), waits for the broker's acks and only then
 * commits the group's offsets; a failure commits nothing, so the next replay redoes the lot. A
 * record published twice is harmless: stage outputs are keyed by deterministic ids and the store
 * upserts by {@code result_id}.
 */
@ApplicationScoped
public class KafkaDeadLetters implements DeadLetters {

    private static final Logger LOG = Logger.getLogger(KafkaDeadLetters.class);

    static final String GROUP = "assay-dlq-replay";
    static final String ORIGIN_HEADER = "dead-letter-topic";
    private static final String DEAD_LETTER_PREFIX = "dead-letter-";
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final Duration POLL = Duration.ofMillis(500);

    private final Map<String, Object> kafka;

    /** {@code kafka}: the application's {@code kafka.*} client configuration (bootstrap servers and the like), as Quarkus exposes it. */
    public KafkaDeadLetters(@Identifier("default-kafka-broker") Map<String, Object> kafka) {
        this.kafka = kafka;
    }

    @Override
    public synchronized DeadLetterReplay replay(Optional<String> topic, boolean fromBeginning) {
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(consumerConfig());
             KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(producerConfig())) {
            List<TopicPartition> partitions = partitions(consumer);
            consumer.assign(partitions);
            Map<TopicPartition, Long> end = consumer.endOffsets(partitions, TIMEOUT);
            if (fromBeginning) {
                consumer.seekToBeginning(partitions);
            } else {
                Map<TopicPartition, OffsetAndMetadata> committed = consumer.committed(new java.util.HashSet<>(partitions), TIMEOUT);
                for (TopicPartition partition : partitions) {
                    OffsetAndMetadata offset = committed.get(partition);
                    if (offset == null) {
                        consumer.seekToBeginning(List.of(partition));
                    } else {
                        consumer.seek(partition, offset.offset());
                    }
                }
            }
            List<Future<RecordMetadata>> sends = new ArrayList<>();
            Map<String, Integer> byTopic = new TreeMap<>();
            int passedOver = 0;
            long deadline = System.nanoTime() + TIMEOUT.toNanos();
            while (!reachedEnd(consumer, end)) {
                if (System.nanoTime() > deadline) {
                    throw new TimeoutException("the dead-letter topic could not be read to its end within " + TIMEOUT.toSeconds() + " s");
                }
                for (ConsumerRecord<byte[], byte[]> record : consumer.poll(POLL)) {
                    if (record.offset() >= end.get(new TopicPartition(record.topic(), record.partition()))) {
                        continue; // dead-lettered after this replay began: the next one takes it
                    }
                    Optional<String> origin = header(record, ORIGIN_HEADER);
                    if (origin.isEmpty() || topic.isPresent() && !topic.get().equals(origin.get())) {
                        passedOver++;
                        continue;
                    }
                    sends.add(producer.send(new ProducerRecord<>(origin.get(), null, record.key(), record.value(), withoutDeadLetterHeaders(record))));
                    byTopic.merge(origin.get(), 1, Integer::sum);
                }
            }
            producer.flush();
            for (Future<RecordMetadata> send : sends) {
                send.get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            }
            Map<TopicPartition, OffsetAndMetadata> done = new HashMap<>();
            end.forEach((partition, offset) -> done.put(partition, new OffsetAndMetadata(offset)));
            consumer.commitSync(done, TIMEOUT);
            DeadLetterReplay replay = new DeadLetterReplay(sends.size(), passedOver, byTopic);
            LOG.infof("replayed %d dead-lettered record(s) %s; %d passed over", replay.replayed(), byTopic, passedOver);
            return replay;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DeadLetterReplayException("interrupted while replaying " + Topics.DLQ, e);
        } catch (ExecutionException | TimeoutException | KafkaException e) {
            Throwable cause = e instanceof ExecutionException && e.getCause() != null ? e.getCause() : e;
            throw new DeadLetterReplayException("could not replay " + Topics.DLQ + ": " + cause.getMessage()
                    + "; nothing was marked as replayed, so the next replay redoes it", e);
        }
    }

    private static List<TopicPartition> partitions(KafkaConsumer<byte[], byte[]> consumer) {
        List<PartitionInfo> infos = consumer.partitionsFor(Topics.DLQ, TIMEOUT);
        return infos == null ? List.of() : infos.stream().map(info -> new TopicPartition(info.topic(), info.partition())).toList();
    }

    private static boolean reachedEnd(KafkaConsumer<byte[], byte[]> consumer, Map<TopicPartition, Long> end) {
        for (Map.Entry<TopicPartition, Long> partition : end.entrySet()) {
            if (consumer.position(partition.getKey(), TIMEOUT) < partition.getValue()) {
                return false;
            }
        }
        return true;
    }

    private static Optional<String> header(ConsumerRecord<byte[], byte[]> record, String name) {
        Header header = record.headers().lastHeader(name);
        return header == null || header.value() == null ? Optional.empty()
                : Optional.of(new String(header.value(), StandardCharsets.UTF_8));
    }

    /** The record's own headers (a trace context, say), without what the dead-letter strategy added. */
    private static RecordHeaders withoutDeadLetterHeaders(ConsumerRecord<byte[], byte[]> record) {
        RecordHeaders headers = new RecordHeaders();
        for (Header header : record.headers()) {
            if (!header.key().startsWith(DEAD_LETTER_PREFIX)) {
                headers.add(header);
            }
        }
        return headers;
    }

    private Map<String, Object> consumerConfig() {
        Map<String, Object> config = clientConfig();
        config.put(ConsumerConfig.GROUP_ID_CONFIG, GROUP);
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        config.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        config.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        return config;
    }

    private Map<String, Object> producerConfig() {
        Map<String, Object> config = clientConfig();
        config.put(ProducerConfig.ACKS_CONFIG, "all");
        config.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        config.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        config.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, (int) TIMEOUT.toMillis());
        config.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, (int) TIMEOUT.toMillis() + 5_000);
        return config;
    }

    /** Only the connection settings of the application's Kafka configuration: its serializers and groups are the channels'. */
    private Map<String, Object> clientConfig() {
        Map<String, Object> config = new HashMap<>();
        kafka.forEach((key, value) -> {
            if (key.startsWith("bootstrap.") || key.startsWith("security.") || key.startsWith("sasl.") || key.startsWith("ssl.")) {
                config.put(key, value);
            }
        });
        return config;
    }
}
