package dev.assay.testsupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.Socket;
import java.net.SocketException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

class KafkaBrokerResourceTest {

    @Test
    void startReturnsTheLoopbackBootstrapServersForTheApplication() {
        Map<String, String> config = new KafkaBrokerResource().start();

        assertThat(config).containsOnlyKeys("kafka.bootstrap.servers");
        assertThat(config.get("kafka.bootstrap.servers"))
                .matches("127\\.0\\.0\\.1:\\d+")
                .isEqualTo(KafkaBrokerResource.bootstrapServers());
    }

    @Test
    void recordsProducedToARealBrokerAreConsumedBack() throws Exception {
        String topic = "roundtrip-" + UUID.randomUUID();
        KafkaBrokerResource.createTopic(topic, 3);

        Map<String, Object> producerConfig = KafkaBrokerResource.clientConfig();
        producerConfig.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
        producerConfig.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(producerConfig)) {
            for (int i = 0; i < 30; i++) {
                producer.send(new ProducerRecord<>(topic, "key-" + i, "value-" + i)).get();
            }
        }

        Map<String, Object> consumerConfig = KafkaBrokerResource.clientConfig();
        consumerConfig.put(ConsumerConfig.GROUP_ID_CONFIG, "roundtrip-" + UUID.randomUUID());
        consumerConfig.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        consumerConfig.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
        consumerConfig.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
        List<ConsumerRecord<String, String>> received = new ArrayList<>();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(consumerConfig)) {
            consumer.subscribe(List.of(topic));
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (received.size() < 30 && System.nanoTime() < deadline) {
                consumer.poll(Duration.ofMillis(500)).forEach(received::add);
            }
        }

        assertThat(received).hasSize(30);
        assertThat(received).extracting(ConsumerRecord::value)
                .containsExactlyInAnyOrderElementsOf(java.util.stream.IntStream.range(0, 30).mapToObj(i -> "value-" + i).toList());
        assertThat(received).allSatisfy(r -> assertThat(r.value()).isEqualTo("value-" + r.key().substring("key-".length())));
        assertThat(received).extracting(ConsumerRecord::partition).containsOnly(0, 1, 2);
    }

    @Test
    void createTopicCreatesTheRequestedPartitionsAndIsIdempotent() throws Exception {
        String topic = "partitions-" + UUID.randomUUID();
        KafkaBrokerResource.createTopic(topic, 4);
        KafkaBrokerResource.createTopic(topic, 4);

        try (Admin admin = Admin.create(KafkaBrokerResource.clientConfig())) {
            var description = admin.describeTopics(List.of(topic)).allTopicNames().get().get(topic);
            assertThat(description.partitions()).hasSize(4);
        }
        assertThatThrownBy(() -> KafkaBrokerResource.createTopic(topic, 2))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("already exists with 4 partitions");
        assertThatThrownBy(() -> KafkaBrokerResource.createTopic(topic, 0))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void brokerIsNotReachableOnANonLoopbackAddress() throws Exception {
        int port = Integer.parseInt(KafkaBrokerResource.bootstrapServers().split(":")[1]);
        Optional<InetAddress> external = firstNonLoopbackIpv4Address();
        Assumptions.assumeTrue(external.isPresent(), "this machine has no non-loopback IPv4 address to probe");

        assertThatThrownBy(() -> {
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress(external.get(), port), 2_000);
            }
        }).isInstanceOf(IOException.class);
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 2_000);
            assertThat(socket.isConnected()).isTrue();
        }
    }

    private static Optional<InetAddress> firstNonLoopbackIpv4Address() throws SocketException {
        return NetworkInterface.networkInterfaces()
                .filter(nic -> {
                    try {
                        return nic.isUp() && !nic.isLoopback();
                    } catch (SocketException e) {
                        return false;
                    }
                })
                .flatMap(NetworkInterface::inetAddresses)
                .filter(address -> address instanceof Inet4Address && !address.isLoopbackAddress())
                .findFirst();
    }
}
