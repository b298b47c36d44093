package dev.assay.testsupport;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Records that must not stop a consumer (docs/messaging.md, "Dead letters"), published as raw bytes on the
 * shared test broker, and their dead letters read back as raw bytes from {@code assay.dlq}.
 */
public final class PoisonRecords {

    public static final String DLQ = "assay.dlq";

    private PoisonRecords() {
    }

    /** Publishes {@code value} as it is, byte for byte, and waits for the broker's acknowledgement. */
    public static RecordMetadata publish(String topic, String key, byte[] value) {
        Map<String, Object> config = KafkaBrokerResource.clientConfig();
        config.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        config.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        try (KafkaProducer<String, byte[]> producer = new KafkaProducer<>(config)) {
            return producer.send(new ProducerRecord<>(topic, key, value)).get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while publishing to " + topic, e);
        } catch (Exception e) {
            throw new IllegalStateException("cannot publish to " + topic + ": " + e, e);
        }
    }

    /** JSON text of about {@code bytes} bytes that no stage reads: a record of about the record limit. */
    public static byte[] unreadable(int bytes) {
        String head = "{\"schema_version\":1,\"junk\":\"";
        return (head + "x".repeat(bytes - head.length() - 2) + "\"}").getBytes(StandardCharsets.UTF_8);
    }

    /** The dead letter keyed {@code key} on {@code assay.dlq}, as raw bytes; fails after {@code timeout}. */
    public static ConsumerRecord<String, byte[]> awaitDeadLetter(String key, Duration timeout) {
        Map<String, Object> config = KafkaBrokerResource.clientConfig();
        config.put(ConsumerConfig.GROUP_ID_CONFIG, "test-" + UUID.randomUUID());
        config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        config.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        config.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        List<ConsumerRecord<String, byte[]>> found = new ArrayList<>();
        try (KafkaConsumer<String, byte[]> consumer = new KafkaConsumer<>(config)) {
            consumer.subscribe(List.of(DLQ));
            return Eventually.await(timeout, () -> {
                consumer.poll(Duration.ofMillis(200)).forEach(record -> {
                    if (key.equals(record.key())) {
                        found.add(record);
                    }
                });
                return found;
            }, records -> !records.isEmpty(), "the dead letter of " + key).getFirst();
        }
    }

    /** The offset group {@code group} committed on the partition, -1 for none. */
    public static long committed(String group, String topic, int partition) {
        try (Admin admin = Admin.create(KafkaBrokerResource.clientConfig())) {
            OffsetAndMetadata offset = admin.listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata().get()
                    .get(new TopicPartition(topic, partition));
            return offset == null ? -1 : offset.offset();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while reading the offsets of " + group, e);
        } catch (Exception e) {
            throw new IllegalStateException("cannot read the committed offsets of " + group + ": " + e, e);
        }
    }

    /** The header's value as text; null when the record has none. */
    public static String header(ConsumerRecord<?, ?> record, String name) {
        Header header = record.headers().lastHeader(name);
        return header == null ? null : new String(header.value(), StandardCharsets.UTF_8);
    }

    /**
     * A record of about {@code limit} bytes on {@code topic} is dead-lettered as an envelope, and the consumer of
     * {@code group} commits past it and dead-letters the small unreadable record published after it, whole.
     */
    public static void assertALargeRecordIsEnvelopedAndTheConsumerGoesOn(String topic, String group, int limit,
                                                                          Duration timeout) {
        String large = "large-" + UUID.randomUUID();
        String small = "small-" + UUID.randomUUID();
        // about as large as a producer of the same limit sends (its record and batch headers take ~100 bytes):
        // the dead-letter headers tip it over the limit
        RecordMetadata poison = publish(topic, large, unreadable(limit - 220));
        publish(topic, small, "not JSON".getBytes(StandardCharsets.UTF_8));

        ConsumerRecord<String, byte[]> envelope = awaitDeadLetter(large, timeout);
        assertThat(header(envelope, "dead-letter-envelope")).isEqualTo("true");
        assertThat(header(envelope, "dead-letter-topic")).isEqualTo(topic);
        assertThat(header(envelope, "dead-letter-offset")).isEqualTo(Long.toString(poison.offset()));
        assertThat(envelope.serializedValueSize()).isLessThan(limit / 4);
        assertThat(new String(envelope.value(), StandardCharsets.UTF_8))
                .contains("\"envelope\":true", "\"topic\":\"" + topic + "\"", "\"offset\":" + poison.offset(), "\"truncated\":true");

        ConsumerRecord<String, byte[]> whole = awaitDeadLetter(small, timeout);
        assertThat(whole.value()).isEqualTo("not JSON".getBytes(StandardCharsets.UTF_8));
        assertThat(header(whole, "dead-letter-envelope")).isNull();
        Eventually.await(timeout, () -> committed(group, topic, poison.partition()), offset -> offset > poison.offset(),
                "group " + group + " to commit past the large record");
    }
}
