package dev.assay.localstack;

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
import java.util.stream.IntStream;

import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

class InJvmKafkaBrokerTest {

    @Test
    void listensOnLoopbackAndReportsItsStartupTime() {
        assertThat(EmbeddedInfrastructure.kafkaBootstrapServers()).matches("127\\.0\\.0\\.1:\\d+");
        assertThat(EmbeddedInfrastructure.kafkaStartupTime()).isPositive();
    }

    @Test
    void recordsProducedToARealBrokerAreConsumedBack() throws Exception {
        String topic = "roundtrip-" + UUID.randomUUID();
        EmbeddedInfrastructure.createTopic(topic, 3);

        Map<String, Object> producerConfig = clientConfig();
        producerConfig.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
        producerConfig.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(producerConfig)) {
            for (int i = 0; i < 30; i++) {
                producer.send(new ProducerRecord<>(topic, "key-" + i, "value-" + i)).get();
            }
        }

        Map<String, Object> consumerConfig = clientConfig();
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
                .containsExactlyInAnyOrderElementsOf(IntStream.range(0, 30).mapToObj(i -> "value-" + i).toList());
        assertThat(received).allSatisfy(r -> assertThat(r.value()).isEqualTo("value-" + r.key().substring("key-".length())));
        assertThat(received).extracting(ConsumerRecord::partition).containsOnly(0, 1, 2);
    }

    /** Threads sized for a few local clients (docs/performance.md), as the running broker reports them. */
    @Test
    void runsWithFewThreads() throws Exception {
        ConfigResource broker = new ConfigResource(ConfigResource.Type.BROKER, "1");
        try (Admin admin = Admin.create(clientConfig())) {
            Config config = admin.describeConfigs(List.of(broker)).all().get().get(broker);
            assertThat(config.get("num.network.threads").value()).isEqualTo("1");
            assertThat(config.get("num.io.threads").value()).isEqualTo("2");
            assertThat(config.get("background.threads").value()).isEqualTo("2");
            assertThat(config.get("group.coordinator.threads").value()).isEqualTo("1");
        }
    }

    @Test
    void createTopicCreatesTheRequestedPartitionsAndIsIdempotent() throws Exception {
        String topic = "partitions-" + UUID.randomUUID();
        EmbeddedInfrastructure.createTopic(topic, 4);
        EmbeddedInfrastructure.createTopic(topic, 4);

        try (Admin admin = Admin.create(clientConfig())) {
            var description = admin.describeTopics(List.of(topic)).allTopicNames().get().get(topic);
            assertThat(description.partitions()).hasSize(4);
        }
        assertThatThrownBy(() -> EmbeddedInfrastructure.createTopic(topic, 2))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("already exists with 4 partitions");
        assertThatThrownBy(() -> EmbeddedInfrastructure.createTopic(topic, 0))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void brokerIsNotReachableOnANonLoopbackAddress() throws Exception {
        int port = port(EmbeddedInfrastructure.kafkaBootstrapServers());
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

    /** The broker's and the controller's listeners, and anything else the broker opens, on 127.0.0.1 only. */
    @Test
    void everySocketThisJvmListensOnIsBoundToLoopback() throws IOException {
        Assumptions.assumeTrue(ListeningSockets.available(), "needs Linux's /proc/net/tcp");
        int port = port(EmbeddedInfrastructure.kafkaBootstrapServers());

        List<InetSocketAddress> listening = ListeningSockets.ofThisProcess();

        assertThat(listening).extracting(InetSocketAddress::getPort).contains(port);
        assertThat(listening.size()).as("the broker's listener and the controller's: %s", listening).isGreaterThanOrEqualTo(2);
        assertThat(listening).allSatisfy(address -> assertThat(address.getAddress().isLoopbackAddress())
                .as("%s is bound to a loopback address", address).isTrue());
    }

    @Test
    void stopKafkaStopsTheBrokerAndTheNextUseStartsAFreshOne() throws Exception {
        int before = port(EmbeddedInfrastructure.kafkaBootstrapServers());

        EmbeddedInfrastructure.stopKafka();

        assertThatThrownBy(() -> {
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress("127.0.0.1", before), 2_000);
            }
        }).isInstanceOf(IOException.class);
        String topic = "after-restart-" + UUID.randomUUID();
        EmbeddedInfrastructure.createTopic(topic, 2);
        try (Admin admin = Admin.create(clientConfig())) {
            assertThat(admin.listTopics().names().get()).contains(topic);
        }
    }

    /**
     * The local stack starts its service side by side with the broker, telling it the address planned
     * before the broker runs: the broker must then listen exactly there.
     */
    @Test
    void aBrokerStartsOnTheAddressPlannedBeforeItAndAClientStartedFirstReachesIt() throws Exception {
        EmbeddedInfrastructure.stopKafka();
        String planned = EmbeddedInfrastructure.plannedKafkaBootstrapServers();
        assertThat(EmbeddedInfrastructure.plannedKafkaBootstrapServers()).as("planned once").isEqualTo(planned);

        // a client made before the broker listens, as the service's consumers are
        Map<String, Object> config = Map.of(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, planned);
        try (Admin admin = Admin.create(config)) {
            assertThat(EmbeddedInfrastructure.kafkaBootstrapServers()).isEqualTo(planned);
            String topic = "planned-" + UUID.randomUUID();
            EmbeddedInfrastructure.createTopic(topic, 1);
            assertThat(admin.listTopics().names().get()).contains(topic);
        }
        assertThat(EmbeddedInfrastructure.plannedKafkaBootstrapServers()).as("a running broker's own address").isEqualTo(planned);
    }

    /** An outage for tests: the same address afterwards, with the topics, records and committed offsets. */
    @Test
    void suspendTakesTheBrokerAwayAndResumeBringsItBackWithItsData() throws Exception {
        String address = EmbeddedInfrastructure.kafkaBootstrapServers();
        String topic = "suspend-" + UUID.randomUUID();
        String group = "suspend-" + UUID.randomUUID();
        EmbeddedInfrastructure.createTopic(topic, 1);
        Map<String, Object> producerConfig = clientConfig();
        producerConfig.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
        producerConfig.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(producerConfig)) {
            for (int i = 0; i < 3; i++) {
                producer.send(new ProducerRecord<>(topic, "key-" + i, "value-" + i)).get();
            }
        }
        Map<String, Object> consumerConfig = clientConfig();
        consumerConfig.put(ConsumerConfig.GROUP_ID_CONFIG, group);
        consumerConfig.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        consumerConfig.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
        consumerConfig.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
        consumerConfig.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 1);
        consumerConfig.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(consumerConfig)) {
            consumer.subscribe(List.of(topic));
            List<ConsumerRecord<String, String>> first = new ArrayList<>();
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (first.isEmpty() && System.nanoTime() < deadline) {
                consumer.poll(Duration.ofMillis(200)).forEach(first::add);
            }
            assertThat(first).extracting(ConsumerRecord::value).containsExactly("value-0");
            consumer.commitSync();
        }

        EmbeddedInfrastructure.suspendKafka();
        try {
            assertThatThrownBy(() -> {
                try (Socket socket = new Socket()) {
                    socket.connect(new InetSocketAddress("127.0.0.1", port(address)), 2_000);
                }
            }).isInstanceOf(IOException.class);
        } finally {
            EmbeddedInfrastructure.resumeKafka();
        }

        assertThat(EmbeddedInfrastructure.kafkaBootstrapServers()).isEqualTo(address);
        List<String> rest = new ArrayList<>();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(consumerConfig)) {
            consumer.subscribe(List.of(topic));
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (rest.size() < 2 && System.nanoTime() < deadline) {
                consumer.poll(Duration.ofMillis(200)).forEach(r -> rest.add(r.value()));
            }
        }
        assertThat(rest).as("the group goes on after its committed offset").containsExactly("value-1", "value-2");
    }

    private static Map<String, Object> clientConfig() {
        Map<String, Object> config = new java.util.HashMap<>();
        config.put(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, EmbeddedInfrastructure.kafkaBootstrapServers());
        return config;
    }

    private static int port(String hostAndPort) {
        return Integer.parseInt(hostAndPort.substring(hostAndPort.lastIndexOf(':') + 1));
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
