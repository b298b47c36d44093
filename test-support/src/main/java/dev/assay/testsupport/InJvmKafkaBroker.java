package dev.assay.testsupport;

import java.lang.reflect.Field;
import java.nio.channels.ServerSocketChannel;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.apache.kafka.common.network.ListenerName;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.utils.Exit;
import org.apache.kafka.common.test.PreboundSocketFactoryManager;
import org.apache.kafka.common.test.TestKitNodes;
import org.apache.kafka.server.common.MetadataVersion;

/**
 * A real single-node KRaft Kafka cluster (one combined broker+controller) running inside this JVM,
 * built with Kafka's own test kit. Started on first use and stopped by a JVM shutdown hook, because
 * startup costs seconds and every test class can share one broker.
 *
 * <p>Callers outside this class go through {@link JvmWide}, so there is one broker per JVM even when
 * Quarkus loads this library in several class loaders; hence the static entry points take and return
 * JDK types only.
 */
final class InJvmKafkaBroker {

    private static final System.Logger LOG = System.getLogger(InJvmKafkaBroker.class.getName());
    private static final String BROKER_LISTENER = "EXTERNAL";
    private static final String CONTROLLER_LISTENER = "CONTROLLER";
    private static final Duration ADMIN_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration METADATA_POLL = Duration.ofMillis(20);

    private static InJvmKafkaBroker shared;

    private final KafkaClusterTestKit cluster;
    private final String bootstrapServers;
    private final Duration startupTime;

    private InJvmKafkaBroker(KafkaClusterTestKit cluster, String bootstrapServers, Duration startupTime) {
        this.cluster = cluster;
        this.bootstrapServers = bootstrapServers;
        this.startupTime = startupTime;
    }

    static String bootstrapServers() {
        return shared().bootstrapServers;
    }

    static Duration startupTime() {
        return shared().startupTime;
    }

    /**
     * Creates a topic and waits until every partition has a leader, so clients can use it at once.
     * An existing topic with the same partition count is accepted, so test classes sharing the broker
     * can each declare what they need.
     */
    static void createTopic(String topic, int partitions) {
        if (topic == null || topic.isBlank()) {
            throw new IllegalArgumentException("topic must not be blank");
        }
        if (partitions < 1) {
            throw new IllegalArgumentException("partitions must be >= 1, was " + partitions + " for topic " + topic);
        }
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers()))) {
            try {
                admin.createTopics(List.of(new NewTopic(topic, partitions, (short) 1)))
                        .all().get(ADMIN_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof TopicExistsException)) {
                    throw e;
                }
            }
            int actual = awaitLeaders(admin, topic).partitions().size();
            if (actual != partitions) {
                throw new IllegalStateException("Topic " + topic + " already exists with " + actual
                        + " partitions, but " + partitions + " were requested");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while creating topic " + topic, e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("Could not create topic " + topic + " with " + partitions + " partitions", e);
        }
    }

    /**
     * The controller confirms a new topic before the broker has applied it to its metadata, so the
     * broker may not know the topic yet; Kafka offers no notification for this, hence the polling.
     */
    private static TopicDescription awaitLeaders(Admin admin, String topic)
            throws InterruptedException, ExecutionException, TimeoutException {
        long deadline = System.nanoTime() + ADMIN_TIMEOUT.toNanos();
        while (true) {
            try {
                TopicDescription description = admin.describeTopics(Set.of(topic)).allTopicNames()
                        .get(ADMIN_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS).get(topic);
                if (description.partitions().stream().allMatch(p -> p.leader() != null && !p.leader().isEmpty())) {
                    return description;
                }
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof UnknownTopicOrPartitionException)) {
                    throw e;
                }
            }
            if (System.nanoTime() > deadline) {
                throw new TimeoutException("Topic " + topic + " has no leader for every partition after " + ADMIN_TIMEOUT);
            }
            Thread.sleep(METADATA_POLL.toMillis());
        }
    }

    /**
     * Stops the shared broker now rather than at JVM exit, for a caller (assay run) that owns the
     * broker's whole life. A later call to any method starts a new one. Does nothing if none runs.
     */
    static synchronized void stopShared() {
        if (shared != null) {
            InJvmKafkaBroker broker = shared;
            shared = null;
            broker.stop();
        }
    }

    private static synchronized InJvmKafkaBroker shared() {
        if (shared == null) {
            shared = start();
            InJvmKafkaBroker broker = shared;
            Runtime.getRuntime().addShutdownHook(new Thread(broker::stop, "assay-kafka-broker-shutdown"));
        }
        return shared;
    }

    private static InJvmKafkaBroker start() {
        QuietLogging.atWarning("kafka", "org.apache.kafka", "state.change.logger");
        long startNanos = System.nanoTime();
        KafkaClusterTestKit cluster = null;
        try {
            TestKitNodes nodes = new TestKitNodes.Builder()
                    .setCombined(true)
                    .setNumBrokerNodes(1)
                    .setNumControllerNodes(1)
                    // Behave like a production broker, not like Kafka's own tests of unreleased features.
                    .setBootstrapMetadataVersion(MetadataVersion.latestProduction())
                    .setBrokerListenerName(new ListenerName(BROKER_LISTENER))
                    .setControllerListenerName(new ListenerName(CONTROLLER_LISTENER))
                    .build();
            cluster = new KafkaClusterTestKit.Builder(nodes)
                    .setConfigProp("listeners",
                            BROKER_LISTENER + "://127.0.0.1:0," + CONTROLLER_LISTENER + "://127.0.0.1:0")
                    .setConfigProp("unstable.api.versions.enable", "false")
                    .setConfigProp("unstable.feature.versions.enable", "false")
                    // A single broker cannot host the default replication factor of 3 for internal topics.
                    .setConfigProp("offsets.topic.replication.factor", "1")
                    // One partition per internal topic: creating the default 50 costs seconds on first use.
                    .setConfigProp("offsets.topic.num.partitions", "1")
                    .setConfigProp("transaction.state.log.replication.factor", "1")
                    .setConfigProp("transaction.state.log.min.isr", "1")
                    .setConfigProp("transaction.state.log.num.partitions", "1")
                    .setConfigProp("share.coordinator.state.topic.replication.factor", "1")
                    .setConfigProp("share.coordinator.state.topic.min.isr", "1")
                    // Consumers in tests should join their group at once, not after the 3 s default delay.
                    .setConfigProp("group.initial.rebalance.delay.ms", "0")
                    .setConfigProp("num.partitions", "1")
                    .build();
            bindToLoopbackOnly(cluster, nodes);
            cluster.format();
            cluster.startup();
            cluster.waitForReadyBrokers();
            int port = cluster.brokers().values().iterator().next().boundPort(new ListenerName(BROKER_LISTENER));
            Duration startupTime = Duration.ofNanos(System.nanoTime() - startNanos);
            LOG.log(System.Logger.Level.INFO, "In-JVM Kafka broker listening on 127.0.0.1:{0}, started in {1} ms",
                    Integer.toString(port), Long.toString(startupTime.toMillis()));
            return new InJvmKafkaBroker(cluster, "127.0.0.1:" + port, startupTime);
        } catch (Exception e) {
            closeQuietly(cluster);
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            throw new IllegalStateException("Could not start the in-JVM Kafka broker", e);
        }
    }

    /**
     * The test kit pre-binds every listener on the wildcard address (0.0.0.0) so it can hand out ports
     * before the servers start. Closing those sockets makes the kit re-bind the same ports on the host
     * of the configured listeners (127.0.0.1), so the broker is never reachable from outside the machine.
     * The kit exposes its socket manager to nothing public, hence the one reflective read.
     */
    private static void bindToLoopbackOnly(KafkaClusterTestKit cluster, TestKitNodes nodes) throws Exception {
        PreboundSocketFactoryManager sockets = socketFactoryManager(cluster);
        for (int nodeId : nodes.controllerNodes().keySet()) {
            closePrebound(sockets, nodeId, CONTROLLER_LISTENER);
        }
        for (int nodeId : nodes.brokerNodes().keySet()) {
            closePrebound(sockets, nodeId, BROKER_LISTENER);
        }
    }

    private static PreboundSocketFactoryManager socketFactoryManager(KafkaClusterTestKit cluster) {
        try {
            Field field = KafkaClusterTestKit.class.getDeclaredField("socketFactoryManager");
            field.setAccessible(true);
            return (PreboundSocketFactoryManager) field.get(cluster);
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalStateException("KafkaClusterTestKit no longer has the 'socketFactoryManager' field this "
                    + "class relies on to bind the broker to 127.0.0.1; revisit InJvmKafkaBroker after a Kafka upgrade", e);
        }
    }

    private static void closePrebound(PreboundSocketFactoryManager sockets, int nodeId, String listener) throws Exception {
        ServerSocketChannel channel = sockets.getSocketForListenerAndMarkAsUsed(nodeId, listener);
        if (channel == null) {
            throw new IllegalStateException("No pre-bound socket for node " + nodeId + " listener " + listener);
        }
        channel.close();
    }

    private final java.util.concurrent.atomic.AtomicBoolean stopped = new java.util.concurrent.atomic.AtomicBoolean();

    private void stop() {
        if (!stopped.compareAndSet(false, true)) {
            return;
        }
        // The JVM is already exiting. Kafka's fault handlers end the process with Exit.halt(1) or
        // Exit.exit(1) when something fails while the broker shuts down (e.g. PostgreSQL's hook or
        // the deletion of the data directories racing with it); that would turn a green test run
        // into a failed fork. Report such calls instead.
        Exit.setExitProcedure((status, message) ->
                System.err.println("assay test-support: Kafka asked to exit(" + status + ") while shutting down: " + message));
        Exit.setHaltProcedure((status, message) ->
                System.err.println("assay test-support: Kafka asked to halt(" + status + ") while shutting down: " + message));
        closeQuietly(cluster);
    }

    private static void closeQuietly(KafkaClusterTestKit cluster) {
        if (cluster == null) {
            return;
        }
        try {
            cluster.close();
        } catch (Exception e) {
            System.err.println("assay test-support: could not stop the in-JVM Kafka broker cleanly: " + e);
        }
    }
}
