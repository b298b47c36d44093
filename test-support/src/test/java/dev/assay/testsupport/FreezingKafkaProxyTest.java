package dev.assay.testsupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

/** A client of the proxy reaches the broker only through it, and a freeze holds its requests until the thaw. */
class FreezingKafkaProxyTest {

    /** How long a send is watched for not completing while the proxy is frozen. */
    private static final Duration HELD = Duration.ofSeconds(2);

    @Test
    void everyConnectionGoesThroughTheProxyAndAFreezeHoldsRequestsUntilTheThaw() throws Exception {
        String topic = "proxied-" + UUID.randomUUID();
        KafkaBrokerResource.createTopic(topic, 1);
        try (FreezingKafkaProxy proxy = FreezingKafkaProxy.start();
             KafkaProducer<String, String> producer = new KafkaProducer<>(Map.of(
                     CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, proxy.bootstrapServers(),
                     ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName(),
                     ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName()))) {
            producer.send(new ProducerRecord<>(topic, "k", "before")).get(60, TimeUnit.SECONDS);
            // the broker's address as the client knows it: the proxy's, so later connections go through it too
            assertThat(producer.partitionsFor(topic).get(0).leader().port())
                    .isEqualTo(Integer.parseInt(proxy.bootstrapServers().split(":")[1]));

            proxy.freeze();
            Future<RecordMetadata> held;
            try {
                held = producer.send(new ProducerRecord<>(topic, "k", "during"));
                Future<RecordMetadata> watched = held;
                assertThatThrownBy(() -> watched.get(HELD.toMillis(), TimeUnit.MILLISECONDS))
                        .as("a send to a frozen broker is not acknowledged").isInstanceOf(TimeoutException.class);
            } finally {
                proxy.thaw();
            }
            assertThat(held.get(60, TimeUnit.SECONDS).offset()).isEqualTo(1);
        }
        assertThat(TopicClient.await(topic, record -> true, 2, Duration.ofSeconds(30)))
                .extracting(record -> record.value()).containsExactly("before", "during");
    }
}
