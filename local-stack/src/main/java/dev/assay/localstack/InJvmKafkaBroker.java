package dev.assay.localstack;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.BindException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.apache.kafka.common.utils.Exit;
import org.apache.kafka.common.utils.Time;
import org.apache.kafka.metadata.storage.Formatter;
import org.apache.kafka.server.common.MetadataVersion;

import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;

/**
 * A real single-node KRaft Kafka cluster (one combined broker and controller) running inside this
 * JVM: Kafka's own {@link KafkaRaftServer}, the class {@code kafka-server-start.sh} runs, with
 * listeners on 127.0.0.1 only. Started on first use and stopped by a JVM shutdown hook (or by
 * {@link #stopShared()}), because startup costs seconds and every user in the JVM can share one broker.
 *
 * <p>The static entry points take and return JDK types only, so a caller in another class loader
 * (test-support's Quarkus test resources) can reach the one broker of the JVM through
 * {@link EmbeddedInfrastructure}.
 */
final class InJvmKafkaBroker {

    private static final System.Logger LOG = System.getLogger(InJvmKafkaBroker.class.getName());
    private static final int NODE_ID = 1;
    private static final String BROKER_LISTENER = "BROKER";
    private static final String CONTROLLER_LISTENER = "CONTROLLER";
    /** Ports are chosen free before Kafka binds them; another process may take one in between. */
    private static final int START_ATTEMPTS = 3;
    private static final Duration ADMIN_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration METADATA_POLL = Duration.ofMillis(20);
    /** assay.kafka.max-record-bytes' default (service-core's RecordLimits); RecordLimitsTest holds it to that. */
    static final int DEFAULT_MAX_RECORD_BYTES = 1048576;

    private static InJvmKafkaBroker shared;
    /** The broker and controller ports the next start tries first ({@link #plannedBootstrapServers()}); null: free ones then. */
    private static int[] planned;

    /** Null while suspended; replaced by {@link #resumeShared()}. Guarded by the class lock, as {@code shared} is. */
    private KafkaRaftServer server;
    private final KafkaConfig config;
    private final Path dataDirectory;
    private final String bootstrapServers;
    private final Duration startupTime;
    private final AtomicBoolean stopped = new AtomicBoolean();

    private InJvmKafkaBroker(KafkaRaftServer server, KafkaConfig config, Path dataDirectory, String bootstrapServers,
                             Duration startupTime) {
        this.server = server;
        this.config = config;
        this.dataDirectory = dataDirectory;
        this.bootstrapServers = bootstrapServers;
        this.startupTime = startupTime;
    }

    static String bootstrapServers() {
        return shared().bootstrapServers;
    }

    /**
     * Where the broker listens: now, when it runs; else where it will when it next starts, its ports
     * chosen free now and kept for that start. So a client can be started before the broker, side by
     * side. A start that finds a planned port taken meanwhile takes others: {@link #bootstrapServers()}
     * is then not this.
     */
    static synchronized String plannedBootstrapServers() {
        if (shared != null) {
            return shared.bootstrapServers;
        }
        if (planned == null) {
            planned = new int[] {LoopbackPorts.free(), LoopbackPorts.free()};
        }
        return "127.0.0.1:" + planned[0];
    }

    /** The planned ports, once (the first attempt takes them), else two free ones. */
    private static int[] ports() {
        int[] ports = planned;
        planned = null;
        return ports != null ? ports : new int[] {LoopbackPorts.free(), LoopbackPorts.free()};
    }

    static Duration startupTime() {
        return shared().startupTime;
    }

    /**
     * Creates a topic and waits until every partition has a leader, so clients can use it at once.
     * An existing topic with the same partition count is accepted, so users sharing the broker can
     * each declare what they need.
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

    /**
     * Stops the shared broker as an outage would (clients lose their connections and cannot connect),
     * keeping its data directory and ports, so that {@link #resumeShared()} brings back the same cluster
     * at the same address: topics, records and committed offsets included. For tests of what the
     * services do while the broker is gone. Does nothing if no broker runs or it is already suspended.
     */
    static synchronized void suspendShared() {
        if (shared != null && shared.server != null) {
            neutraliseExit();
            shutDownQuietly(shared.server);
            shared.server = null;
            LOG.log(System.Logger.Level.INFO, "In-JVM Kafka broker on {0} suspended", shared.bootstrapServers);
        }
    }

    /** Starts a suspended broker again on its data directory and ports; does nothing if it runs. */
    static synchronized void resumeShared() {
        if (shared != null && shared.server == null) {
            KafkaRaftServer server = new KafkaRaftServer(shared.config, Time.SYSTEM);
            try {
                server.startup();
            } catch (RuntimeException e) {
                shutDownQuietly(server);
                throw new IllegalStateException("Could not resume the in-JVM Kafka broker on " + shared.bootstrapServers, e);
            }
            shared.server = server;
            LOG.log(System.Logger.Level.INFO, "In-JVM Kafka broker on {0} resumed", shared.bootstrapServers);
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
        for (int attempt = 1; ; attempt++) {
            try {
                return startOnce(startNanos);
            } catch (PortTakenException e) {
                if (attempt == START_ATTEMPTS) {
                    throw new IllegalStateException("Could not start the in-JVM Kafka broker: its ports were taken "
                            + START_ATTEMPTS + " times in a row", e.getCause());
                }
            }
        }
    }

    private static InJvmKafkaBroker startOnce(long startNanos) throws PortTakenException {
        Path dataDirectory = null;
        KafkaRaftServer server = null;
        try {
            dataDirectory = Files.createTempDirectory("assay-kafka-");
            int[] ports = ports();
            int brokerPort = ports[0];
            int controllerPort = ports[1];
            KafkaConfig config = new KafkaConfig(settings(dataDirectory, brokerPort, controllerPort), false);
            format(dataDirectory);
            server = new KafkaRaftServer(config, Time.SYSTEM);
            // Returns once the controller has unfenced the broker: it then takes client requests.
            server.startup();
            Duration startupTime = Duration.ofNanos(System.nanoTime() - startNanos);
            LOG.log(System.Logger.Level.INFO, "In-JVM Kafka broker listening on 127.0.0.1:{0}, started in {1} ms",
                    Integer.toString(brokerPort), Long.toString(startupTime.toMillis()));
            return new InJvmKafkaBroker(server, config, dataDirectory, "127.0.0.1:" + brokerPort, startupTime);
        } catch (Exception e) {
            shutDownQuietly(server);
            TemporaryDirectories.deleteQuietly(dataDirectory);
            if (causedBy(e, BindException.class)) {
                throw new PortTakenException(e);
            }
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            throw new IllegalStateException("Could not start the in-JVM Kafka broker", e);
        }
    }

    /**
     * The broker's configuration: both listeners on 127.0.0.1 (never the wildcard address), one node
     * that is its own controller quorum, and internal topics sized for one broker.
     */
    /** The record size limit: ASSAY_KAFKA_MAX_RECORD_BYTES, as the services read it, else their default (1 MiB). */
    static int maxRecordBytes() {
        String value = System.getenv("ASSAY_KAFKA_MAX_RECORD_BYTES");
        if (value == null || value.isBlank()) {
            return DEFAULT_MAX_RECORD_BYTES;
        }
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("ASSAY_KAFKA_MAX_RECORD_BYTES must be a number of bytes, was \"" + value + "\"", e);
        }
    }

    private static Map<String, String> settings(Path dataDirectory, int brokerPort, int controllerPort) {
        return Map.ofEntries(
                Map.entry("process.roles", "broker,controller"),
                Map.entry("node.id", Integer.toString(NODE_ID)),
                Map.entry("controller.quorum.voters", NODE_ID + "@127.0.0.1:" + controllerPort),
                Map.entry("listeners", BROKER_LISTENER + "://127.0.0.1:" + brokerPort
                        + "," + CONTROLLER_LISTENER + "://127.0.0.1:" + controllerPort),
                Map.entry("advertised.listeners", BROKER_LISTENER + "://127.0.0.1:" + brokerPort),
                Map.entry("listener.security.protocol.map", BROKER_LISTENER + ":PLAINTEXT," + CONTROLLER_LISTENER + ":PLAINTEXT"),
                Map.entry("inter.broker.listener.name", BROKER_LISTENER),
                Map.entry("controller.listener.names", CONTROLLER_LISTENER),
                Map.entry("log.dirs", dataDirectory.toString()),
                // Behave like a production broker, not like Kafka's own tests of unreleased features.
                Map.entry("unstable.api.versions.enable", "false"),
                Map.entry("unstable.feature.versions.enable", "false"),
                // A single broker cannot host the default replication factor of 3 for internal topics.
                Map.entry("offsets.topic.replication.factor", "1"),
                // One partition per internal topic: creating the default 50 costs seconds on first use.
                Map.entry("offsets.topic.num.partitions", "1"),
                Map.entry("transaction.state.log.replication.factor", "1"),
                Map.entry("transaction.state.log.min.isr", "1"),
                Map.entry("transaction.state.log.num.partitions", "1"),
                Map.entry("share.coordinator.state.topic.replication.factor", "1"),
                Map.entry("share.coordinator.state.topic.min.isr", "1"),
                // Consumers should join their group at once, not after the 3 s default delay.
                Map.entry("group.initial.rebalance.delay.ms", "0"),
                Map.entry("num.partitions", "1"),
                // Every topic's max.message.bytes: the services' record size limit, as the deployment files set it
                // (docs/messaging.md, "Record sizes").
                Map.entry("message.max.bytes", Integer.toString(maxRecordBytes())),
                // One node: no leadership to hand over before stopping, and the data directory is
                // deleted after; a controlled shutdown only waits for the controller's heartbeat reply.
                Map.entry("controlled.shutdown.enable", "false"),
                // The broker is ready (unfenced) and stops after a heartbeat exchange with its own
                // controller: in the same JVM, every 2 s (the default) is only a wait.
                Map.entry("broker.heartbeat.interval.ms", "250"),
                // The log cleaner's default 128 MB dedupe buffer is sized for a production broker.
                Map.entry("log.cleaner.dedupe.buffer.size", "2097152"),
                // Threads sized for a few local clients on loopback, not a production broker's hundreds
                // (defaults 3, 8, 10 and 4): fewer stacks and request buffers (docs/performance.md).
                Map.entry("num.network.threads", "1"),
                Map.entry("num.io.threads", "2"),
                Map.entry("background.threads", "2"),
                Map.entry("group.coordinator.threads", "1"));
    }

    /** What {@code kafka-storage.sh format} does: a KRaft node refuses to start on an unformatted directory. */
    private static void format(Path dataDirectory) throws Exception {
        new Formatter()
                // it reports each formatted directory on System.out otherwise
                .setPrintStream(new PrintStream(OutputStream.nullOutputStream()))
                .setNodeId(NODE_ID)
                .setClusterId(Uuid.randomUuid().toString())
                .setDirectories(List.of(dataDirectory.toString()))
                .setMetadataLogDirectory(dataDirectory.toString())
                .setControllerListenerName(CONTROLLER_LISTENER)
                .setReleaseVersion(MetadataVersion.latestProduction())
                .setUnstableFeatureVersionsEnabled(false)
                .run();
    }

    private void stop() {
        if (!stopped.compareAndSet(false, true)) {
            return;
        }
        neutraliseExit();
        synchronized (InJvmKafkaBroker.class) {
            shutDownQuietly(server);
            server = null;
        }
        TemporaryDirectories.deleteQuietly(dataDirectory);
    }

    /**
     * Often the JVM is already exiting. Kafka's fault handlers end the process with Exit.halt(1)
     * or Exit.exit(1) when something fails while the broker shuts down (e.g. PostgreSQL's hook or
     * the deletion of the data directory racing with it); that would turn a green test run into a
     * failed fork, or a finished assay run into exit code 1. Report such calls instead.
     */
    private static void neutraliseExit() {
        Exit.setExitProcedure((status, message) ->
                System.err.println("assay local-stack: Kafka asked to exit(" + status + ") while shutting down: " + message));
        Exit.setHaltProcedure((status, message) ->
                System.err.println("assay local-stack: Kafka asked to halt(" + status + ") while shutting down: " + message));
    }

    private static void shutDownQuietly(KafkaRaftServer server) {
        if (server == null) {
            return;
        }
        try {
            server.shutdown();
            server.awaitShutdown();
        } catch (RuntimeException e) {
            System.err.println("assay local-stack: could not stop the in-JVM Kafka broker cleanly: " + e);
        }
    }


    private static boolean causedBy(Throwable error, Class<? extends Throwable> type) {
        for (Throwable cause = error; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (type.isInstance(cause)) {
                return true;
            }
        }
        return false;
    }

    /** A listener port chosen free was bound by someone else before the broker could bind it. */
    private static final class PortTakenException extends Exception {
        PortTakenException(Throwable cause) {
            super(cause);
        }
    }
}
