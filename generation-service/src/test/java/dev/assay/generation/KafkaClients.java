package dev.assay.generation;

import dev.assay.testsupport.KafkaBrokerResource;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Predicate;

/**
 * Plain Kafka clients against the test broker. Topics are shared by every test class of the JVM
 * (and by the application, which may consume them too), so reads use a fresh consumer group and
 * keep only the records a test is looking for.
 */
public final class KafkaClients {

    private KafkaClients() {
    }

    /** Publishes and waits for the broker's acknowledgement. */
    public static void publish(String topic, String key, String value) {
        Map<String, Object> config = KafkaBrokerResource.clientConfig();
        config.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        config.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(config)) {
            producer.send(new ProducerRecord<>(topic, key, value)).get();
        } catch (Exception e) {
            throw new IllegalStateException("cannot publish to " + topic, e);
        }
    }

    /**
     * Reads {@code topic} from the beginning with a group of its own until {@code count} records
     * match {@code wanted} (then a short grace period, to catch extra ones), or the timeout passes.
     */
    public static List<ConsumerRecord<String, String>> read(String topic, Predicate<ConsumerRecord<String, String>> wanted,
                                                            int count, Duration timeout) {
        Map<String, Object> config = KafkaBrokerResource.clientConfig();
        config.put(ConsumerConfig.GROUP_ID_CONFIG, "test-" + UUID.randomUUID());
        config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        config.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        config.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        List<ConsumerRecord<String, String>> found = new ArrayList<>();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(config)) {
            consumer.subscribe(List.of(topic));
            Instant deadline = Instant.now().plus(timeout);
            Instant graceEnd = null;
            while (Instant.now().isBefore(deadline) && (graceEnd == null || Instant.now().isBefore(graceEnd))) {
                for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(200))) {
                    if (wanted.test(record)) {
                        found.add(record);
                    }
                }
                if (graceEnd == null && found.size() >= count) {
                    graceEnd = Instant.now().plusMillis(500);
                }
            }
        }
        return found;
    }
}
