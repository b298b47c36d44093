package dev.assay.testsupport;

import static java.lang.invoke.MethodType.methodType;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

import org.apache.kafka.clients.CommonClientConfigs;

import dev.assay.localstack.EmbeddedInfrastructure;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

/**
 * Points a Quarkus application under test at a real Kafka broker: local-stack's single-node KRaft
 * broker ({@link EmbeddedInfrastructure}) inside the test JVM, listening on 127.0.0.1 only.
 *
 * <p>The broker starts on first use and then serves every test class of the JVM, across Quarkus
 * applications and test profiles; {@link #stop()} leaves it running and a shutdown hook stops it. Tests
 * therefore must not assume empty topics: use unique topic names or consumer groups per test. Topics
 * are auto-created with one partition on first use, as with Kafka's defaults; {@link #createTopic}
 * makes more. Plain JUnit tests can use the static methods without Quarkus.
 *
 * <pre>{@code
 * @QuarkusTest
 * @QuarkusTestResource(KafkaBrokerResource.class)
 * class MyTest { ... KafkaBrokerResource.createTopic("assay.requests", 3); ... }
 * }</pre>
 */
public final class KafkaBrokerResource implements QuarkusTestResourceLifecycleManager {

    /** Configuration the resource hands to the application: the default broker list of SmallRye Kafka. */
    public static final String BOOTSTRAP_SERVERS_PROPERTY = "kafka.bootstrap.servers";

    @Override
    public Map<String, String> start() {
        return Map.of(BOOTSTRAP_SERVERS_PROPERTY, bootstrapServers());
    }

    @Override
    public void stop() {
        // Deliberately empty: the broker outlives this test class and is shared with the next one.
    }

    /** {@code 127.0.0.1:PORT} of the shared broker, starting it if needed. */
    public static String bootstrapServers() {
        return (String) JvmWide.call("kafkaBootstrapServers", methodType(String.class));
    }

    /** A fresh, mutable client configuration holding {@code bootstrap.servers}; add serializers etc. as needed. */
    public static Map<String, Object> clientConfig() {
        Map<String, Object> config = new HashMap<>();
        config.put(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers());
        return config;
    }

    /**
     * Creates a topic with the given number of partitions (replication factor 1) and waits until it exists.
     * Creating a topic that already exists with the same partition count is a no-op.
     *
     * @throws IllegalStateException if the topic exists with a different partition count or creation fails
     */
    public static void createTopic(String topic, int partitions) {
        JvmWide.call("createTopic", methodType(void.class, String.class, int.class), topic, partitions);
    }

    /**
     * Takes the shared broker away as an outage would, keeping its address and data; every client in
     * the JVM and every service pointed at it loses it until {@link #resume()}. Always resume in a
     * {@code finally}: the broker serves the test classes that come after.
     */
    public static void suspend() {
        JvmWide.call("suspendKafka", methodType(void.class));
    }

    /** Brings the {@linkplain #suspend() suspended} broker back at the same address, with its topics, records and offsets. */
    public static void resume() {
        JvmWide.call("resumeKafka", methodType(void.class));
    }

    /** How long the shared broker took to start (for reports; starts it if needed). */
    public static Duration startupTime() {
        return (Duration) JvmWide.call("kafkaStartupTime", methodType(Duration.class));
    }
}
