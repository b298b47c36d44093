package dev.assay.generation.messaging;

import dev.assay.common.pipeline.Topics;
import dev.assay.generation.DeadLetter;
import dev.assay.generation.DeadLetterPage;
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
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.PriorityQueue;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Lists, reads and replays {@code assay.dlq} with plain Kafka clients (docs/messaging.md, Replaying
 * dead letters). Listing and reading use a consumer of no group, so they move no replay's place.
 *
 * <p>SmallRye's dead-letter strategy keeps the record's key and value unchanged and adds headers:
 * {@code dead-letter-topic} (where it came from), {@code dead-letter-reason}, {@code -cause},
 * {@code -partition}, {@code -offset} and the exception class names. A replay reads the topic
 * from where the consumer group {@code assay-dlq-replay} last stopped up to its end at the time of
 * the call, publishes each record to its {@code dead-letter-topic} with its key, value and other
 * headers (a trace's {@code traceparent} among them), waits for the broker's acks and only then
 * commits the group's offsets; a failure commits nothing, so the next replay redoes the lot. A
 * record published twice is harmless: stage outputs are keyed by deterministic ids and the store
 * upserts by {@code result_id}. A replayed record carries {@code assay-replay-count}; the
 * dead-letter strategy keeps it when the record fails again, and a later replay passes such a record
 * over unless asked to include it, so a record that keeps failing is not replayed in a loop.
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
    public synchronized DeadLetterReplay replay(Optional<String> topic, boolean fromBeginning, boolean includeFailedReplays) {
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
            int failedAgain = 0;
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
                    // an envelope holds a prefix of the value only: there is nothing whole to send back
                    if (origin.isEmpty() || topic.isPresent() && !topic.get().equals(origin.get()) || DeadLetterRecords.isEnvelope(record)) {
                        passedOver++;
                        continue;
                    }
                    int replays = DeadLetterRecords.replays(record);
                    if (replays > 0 && !includeFailedReplays) {
                        // it failed again after a replay: sending it back once more would loop
                        failedAgain++;
                        continue;
                    }
                    sends.add(producer.send(new ProducerRecord<>(origin.get(), null, record.key(), record.value(),
                            replayHeaders(record, replays + 1))));
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
            DeadLetterReplay replay = new DeadLetterReplay(sends.size(), passedOver, failedAgain, byTopic);
            LOG.infof("replayed %d dead-lettered record(s) %s; %d passed over, %d that failed again after a replay",
                    replay.replayed(), byTopic, passedOver, failedAgain);
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

    /**
     * The record's own headers (a trace context, say), without what the dead-letter strategy added,
     * and the replay's count: the dead-letter strategy keeps a record's headers, so a replayed record
     * that fails again arrives in assay.dlq marked with it.
     */
    private static RecordHeaders replayHeaders(ConsumerRecord<byte[], byte[]> record, int replays) {
        RecordHeaders headers = new RecordHeaders();
        for (Header header : record.headers()) {
            if (!header.key().startsWith(DEAD_LETTER_PREFIX) && !header.key().equals(DeadLetterRecords.REPLAY_COUNT_HEADER)) {
                headers.add(header);
            }
        }
        headers.add(DeadLetterRecords.REPLAY_COUNT_HEADER, Integer.toString(replays).getBytes(StandardCharsets.UTF_8));
        return headers;
    }

    @Override
    public DeadLetterPage list(Optional<String> topic, int limit) {
        // the newest `limit` by time, then place; the oldest of them at the head, to drop first
        Comparator<DeadLetter> order = Comparator.comparing(DeadLetter::time, Comparator.nullsFirst(Comparator.naturalOrder()))
                .thenComparingInt(DeadLetter::partition).thenComparingLong(DeadLetter::offset);
        PriorityQueue<DeadLetter> newest = new PriorityQueue<>(order);
        long[] total = {0};
        readAll(record -> {
            DeadLetter letter = DeadLetterRecords.summary(record);
            if (topic.isPresent() && (letter.origin() == null || !topic.get().equals(letter.origin().topic()))) {
                return;
            }
            total[0]++;
            newest.add(letter);
            if (newest.size() > limit) {
                newest.poll();
            }
        });
        List<DeadLetter> letters = new ArrayList<>(newest);
        letters.sort(order);
        return new DeadLetterPage(total[0], letters);
    }

    @Override
    public Optional<DeadLetter> find(int partition, long offset) {
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(readerConfig())) {
            TopicPartition place = new TopicPartition(Topics.DLQ, partition);
            if (partitions(consumer).stream().noneMatch(place::equals)) {
                return Optional.empty();
            }
            consumer.assign(List.of(place));
            long begin = consumer.beginningOffsets(List.of(place), TIMEOUT).get(place);
            long end = consumer.endOffsets(List.of(place), TIMEOUT).get(place);
            if (offset < begin || offset >= end) {
                return Optional.empty();
            }
            consumer.seek(place, offset);
            long deadline = System.nanoTime() + TIMEOUT.toNanos();
            while (System.nanoTime() < deadline) {
                for (ConsumerRecord<byte[], byte[]> record : consumer.poll(POLL)) {
                    if (record.offset() == offset) {
                        return Optional.of(DeadLetterRecords.whole(record));
                    }
                    if (record.offset() > offset) {
                        return Optional.empty(); // compacted away
                    }
                }
            }
            throw new DeadLetterReplayException("the dead letter " + partition + ":" + offset + " could not be read within "
                    + TIMEOUT.toSeconds() + " s", null);
        } catch (KafkaException e) {
            throw new DeadLetterReplayException("could not read " + Topics.DLQ + ": " + e.getMessage(), e);
        }
    }

    /** Reads the dead-letter topic from its beginning to its end at the time of the call, without a consumer group. */
    private void readAll(java.util.function.Consumer<ConsumerRecord<byte[], byte[]>> each) {
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(readerConfig())) {
            List<TopicPartition> partitions = partitions(consumer);
            consumer.assign(partitions);
            Map<TopicPartition, Long> end = consumer.endOffsets(partitions, TIMEOUT);
            consumer.seekToBeginning(partitions);
            long deadline = System.nanoTime() + TIMEOUT.toNanos();
            while (!reachedEnd(consumer, end)) {
                if (System.nanoTime() > deadline) {
                    throw new DeadLetterReplayException("the dead-letter topic could not be read to its end within "
                            + TIMEOUT.toSeconds() + " s", null);
                }
                for (ConsumerRecord<byte[], byte[]> record : consumer.poll(POLL)) {
                    if (record.offset() < end.get(new TopicPartition(record.topic(), record.partition()))) {
                        each.accept(record);
                    }
                }
            }
        } catch (KafkaException e) {
            throw new DeadLetterReplayException("could not read " + Topics.DLQ + ": " + e.getMessage(), e);
        }
    }

    /** A reader of the topic that belongs to no consumer group: listing commits nothing and moves no replay's place. */
    private Map<String, Object> readerConfig() {
        Map<String, Object> config = clientConfig();
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        config.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        config.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        return config;
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
