package dev.assay.core.messaging;

import dev.assay.common.json.Json;
import dev.assay.common.pipeline.DeadLetterEnvelope;
import dev.assay.core.config.RecordLimits;
import io.smallrye.reactive.messaging.kafka.IncomingKafkaRecord;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.eclipse.microprofile.reactive.messaging.Metadata;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The dead-letter strategy on its own, against a producer that refuses what the broker would: a record goes
 * whole when it can, as an envelope when it is too large, and is committed either way; only a dead letter that
 * cannot be sent at all fails the channel.
 */
class EnvelopingDeadLetterQueueTest {

    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final RecordLimits LIMITS = new RecordLimits() {
        @Override
        public int maxRecordBytes() {
            return 100_000;
        }

        @Override
        public int envelopePrefixBytes() {
            return 1000;
        }
    };

    private final AtomicInteger commits = new AtomicInteger();
    private final List<Throwable> fatal = new ArrayList<>();

    @Test
    void aRecordThatFitsIsDeadLetteredWholeWithItsHeadersAndCommitted() {
        Refusing producer = new Refusing(record -> false);
        IncomingKafkaRecord<String, String> record = record("k", "{\"not\":\"a job\"}");

        handler(producer).handle(record, new IllegalStateException("not a valid VerificationJob"), Metadata.empty())
                .await().atMost(WAIT);

        ProducerRecord<byte[], byte[]> dead = producer.history().getFirst();
        assertThat(producer.history()).hasSize(1);
        assertThat(dead.topic()).isEqualTo("assay.dlq");
        assertThat(dead.key()).isEqualTo("k".getBytes(StandardCharsets.UTF_8));
        assertThat(new String(dead.value(), StandardCharsets.UTF_8)).isEqualTo("{\"not\":\"a job\"}");
        assertThat(header(dead, "dead-letter-reason")).isEqualTo("not a valid VerificationJob");
        assertThat(header(dead, "dead-letter-topic")).isEqualTo("assay.jobs");
        assertThat(header(dead, "dead-letter-partition")).isEqualTo("2");
        assertThat(header(dead, "dead-letter-offset")).isEqualTo("41");
        assertThat(header(dead, "traceparent")).isEqualTo("00-trace");
        assertThat(header(dead, DeadLetterEnvelope.HEADER)).isNull();
        assertThat(commits).hasValue(1);
        assertThat(fatal).isEmpty();
    }

    @Test
    void aRecordTheBrokerRefusesAsTooLargeIsDeadLetteredAsAnEnvelopeAndCommitted() {
        Refusing producer = new Refusing(record -> header(record, DeadLetterEnvelope.HEADER) == null);
        String value = "{\"question\":\"" + "q".repeat(5000) + "\"}";

        handler(producer).handle(record("k", value), new IllegalStateException("could not deliver"), Metadata.empty())
                .await().atMost(WAIT);

        assertThat(producer.history()).hasSize(1);
        ProducerRecord<byte[], byte[]> dead = producer.history().getFirst();
        assertThat(header(dead, DeadLetterEnvelope.HEADER)).isEqualTo("true");
        assertThat(header(dead, "dead-letter-reason")).isEqualTo("could not deliver");
        assertThat(header(dead, "traceparent")).isEqualTo("00-trace");
        DeadLetterEnvelope envelope = Json.read(new String(dead.value(), StandardCharsets.UTF_8), DeadLetterEnvelope.class);
        assertThat(envelope).isEqualTo(new DeadLetterEnvelope(1, true, "could not deliver", "assay.jobs", 2, 41, value.length(),
                value.substring(0, 1000), "utf-8", true));
        assertThat(commits).hasValue(1);
    }

    @Test
    void aRecordOverTheLimitWithItsHeadersGoesStraightToAnEnvelope() {
        Refusing producer = new Refusing(record -> false);
        byte[] value = new byte[LIMITS.maxRecordBytes() - 50];
        value[0] = (byte) 0xff;

        handler(producer).handle(record("k", new String(value, StandardCharsets.ISO_8859_1)), new IllegalStateException("too big"),
                Metadata.empty()).await().atMost(WAIT);

        ProducerRecord<byte[], byte[]> dead = producer.history().getFirst();
        assertThat(producer.history()).hasSize(1);
        assertThat(header(dead, DeadLetterEnvelope.HEADER)).isEqualTo("true");
        DeadLetterEnvelope envelope = Json.read(new String(dead.value(), StandardCharsets.UTF_8), DeadLetterEnvelope.class);
        // the ISO-8859-1 text is re-encoded as UTF-8 (0xff becomes two bytes): valid UTF-8, so the prefix is text
        assertThat(envelope.valueEncoding()).isEqualTo("utf-8");
        assertThat(envelope.sizeBytes()).isEqualTo(value.length + 1);
        assertThat(commits).hasValue(1);
    }

    @Test
    void aDeadLetterThatCannotBeSentAtAllFailsTheChannelAndCommitsNothing() {
        Refusing producer = new Refusing(record -> true);
        producer.refusal = new TimeoutException("the broker is away");

        assertThatThrownBy(() -> handler(producer).handle(record("k", "x"), new IllegalStateException("bad"), Metadata.empty())
                .await().atMost(WAIT)).hasMessageContaining("the broker is away");

        assertThat(commits).hasValue(0);
        assertThat(fatal).singleElement().satisfies(e -> assertThat(e).hasMessageContaining("the broker is away"));
    }

    private EnvelopingDeadLetterQueue handler(Refusing producer) {
        return new EnvelopingDeadLetterQueue("jobs", "assay.dlq", producer, LIMITS, (error, isFatal) -> {
            if (isFatal) {
                fatal.add(error);
            }
        });
    }

    private IncomingKafkaRecord<String, String> record(String key, String value) {
        ConsumerRecord<String, String> consumed = new ConsumerRecord<>("assay.jobs", 2, 41, key, value);
        consumed.headers().add("traceparent", "00-trace".getBytes(StandardCharsets.UTF_8));
        return new IncomingKafkaRecord<>(consumed, "jobs", 0, new io.smallrye.reactive.messaging.kafka.commit.KafkaCommitHandler() {
            @Override
            public <K, V> io.smallrye.mutiny.Uni<Void> handle(IncomingKafkaRecord<K, V> record) {
                commits.incrementAndGet();
                return io.smallrye.mutiny.Uni.createFrom().voidItem();
            }
        }, null, false);
    }

    private static String header(ProducerRecord<byte[], byte[]> record, String name) {
        Header header = record.headers().lastHeader(name);
        return header == null ? null : new String(header.value(), StandardCharsets.UTF_8);
    }

    /** A producer that refuses what {@code refuses} picks, as the broker refuses a record too large; the rest it keeps. */
    private static final class Refusing extends MockProducer<byte[], byte[]> {
        private final Predicate<ProducerRecord<byte[], byte[]>> refuses;
        private RuntimeException refusal = new RecordTooLargeException("The message is 1049065 bytes when serialized which "
                + "is larger than 1048576, which is the value of the max.request.size configuration.");

        Refusing(Predicate<ProducerRecord<byte[], byte[]>> refuses) {
            super(true, null, new ByteArraySerializer(), new ByteArraySerializer());
            this.refuses = refuses;
        }

        @Override
        public synchronized Future<RecordMetadata> send(ProducerRecord<byte[], byte[]> record, Callback callback) {
            if (refuses.test(record)) {
                callback.onCompletion(null, refusal);
                return CompletableFuture.failedFuture(refusal);
            }
            return super.send(record, callback);
        }
    }
}
