package dev.assay.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.apache.kafka.clients.admin.Admin;
import org.junit.jupiter.api.Test;

import dev.assay.localstack.EmbeddedInfrastructure;

/** The resource hands local-stack's broker to the application; the broker itself is tested in local-stack. */
class KafkaBrokerResourceTest {

    @Test
    void startReturnsTheLoopbackBootstrapServersForTheApplication() {
        Map<String, String> config = new KafkaBrokerResource().start();

        assertThat(config).containsOnlyKeys("kafka.bootstrap.servers");
        assertThat(config.get("kafka.bootstrap.servers"))
                .matches("127\\.0\\.0\\.1:\\d+")
                .isEqualTo(KafkaBrokerResource.bootstrapServers())
                .isEqualTo(EmbeddedInfrastructure.kafkaBootstrapServers());
        assertThat(KafkaBrokerResource.startupTime()).isPositive();
    }

    @Test
    void createTopicAndClientConfigReachTheSharedBroker() throws Exception {
        String topic = "resource-" + UUID.randomUUID();
        KafkaBrokerResource.createTopic(topic, 2);

        try (Admin admin = Admin.create(KafkaBrokerResource.clientConfig())) {
            var description = admin.describeTopics(List.of(topic)).allTopicNames().get().get(topic);
            assertThat(description.partitions()).hasSize(2);
        }
    }
}
