package dev.assay.testsupport;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Predicate;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Plain Kafka clients on the shared test broker ({@link KafkaBrokerResource}) for tests that
 * publish a service's input and read its output, exactly as another service would.
 *
 * <p>Topics are shared by every test of the JVM, so {@link #await} reads a topic from the
 * beginning and keeps only the records a test's filter accepts (e.g. its own run id).
 */
public final class TopicClient {

    private static final Duration POLL = Duration.ofMillis(200);

    private TopicClient() {
    }

    /** Publishes one record with string key and value and waits for the broker's acknowledgement. */
    public static void publish(String topic, String key, String value) {
        publishAll(topic, List.of(Map.entry(key, value)));
    }

    /** Publishes records (key, value) in order with one producer, and waits until the broker acknowledged them all. */
    public static void publishAll(String topic, List<Map.Entry<String, String>> records) {
        Map<String, Object> config = KafkaBrokerResource.clientConfig();
        config.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        config.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(config)) {
            List<Future<RecordMetadata>> sent = new ArrayList<>();
            for (Map.Entry<String, String> record : records) {
                sent.add(producer.send(new ProducerRecord<>(topic, record.getKey(), record.getValue())));
            }
            for (Future<RecordMetadata> ack : sent) {
                ack.get(30, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while publishing to " + topic, e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("could not publish to " + topic + ": " + e, e);
        }
    }

    /**
     * Waits until {@code topic} holds at least {@code count} records that {@code filter} accepts and
     * returns them all (including any further ones already on the topic), in partition and offset order.
     *
     * @throws AssertionError naming what was found when they do not arrive within {@code timeout}
     */
    public static List<ConsumerRecord<String, String>> await(String topic, Predicate<ConsumerRecord<String, String>> filter,
                                                             int count, Duration timeout) {
        Map<String, Object> config = KafkaBrokerResource.clientConfig();
        config.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        config.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        long deadline = System.nanoTime() + timeout.toNanos();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(config)) {
            // assign rather than subscribe: no group to join, so reading starts at once
            List<TopicPartition> partitions = partitions(consumer, topic, deadline);
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            List<ConsumerRecord<String, String>> matching = new ArrayList<>();
            int seen = 0;
            while (System.nanoTime() < deadline) {
                for (ConsumerRecord<String, String> record : consumer.poll(POLL)) {
                    seen++;
                    if (filter.test(record)) {
                        matching.add(record);
                    }
                }
                if (matching.size() >= count) {
                    // drain what is already there, so a test expecting exactly `count` sees any extra record
                    for (ConsumerRecord<String, String> record : consumer.poll(POLL)) {
                        if (filter.test(record)) {
                            matching.add(record);
                        }
                    }
                    return matching;
                }
            }
            throw new AssertionError("expected " + count + " matching records on " + topic + " within " + timeout + ", found "
                    + matching.size() + " (of " + seen + " records read)");
        }
    }

    /** The topic's partitions; a topic nobody has written to yet is created by this request and shows up shortly after. */
    private static List<TopicPartition> partitions(KafkaConsumer<String, String> consumer, String topic, long deadline) {
        while (true) {
            List<TopicPartition> partitions = new ArrayList<>();
            try {
                consumer.partitionsFor(topic, POLL).forEach(info -> partitions.add(new TopicPartition(topic, info.partition())));
            } catch (org.apache.kafka.common.errors.TimeoutException e) {
                // a loaded machine (or a broker just back) may take longer than one poll to answer: ask again
            }
            if (!partitions.isEmpty()) {
                return partitions;
            }
            if (System.nanoTime() >= deadline) {
                throw new AssertionError("topic " + topic + " has no partitions: nothing was ever published to it");
            }
            try {
                Thread.sleep(POLL.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for topic " + topic, e);
            }
        }
    }
}
