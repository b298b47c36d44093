package dev.assay.localstack;

import java.time.Duration;

import javax.sql.DataSource;

/**
 * The in-JVM Kafka broker and embedded PostgreSQL of the local stack: one of each per JVM, started
 * on first use, stopped by a shutdown hook or at once by {@link #stopKafka()} / {@link #stopPostgres()}.
 * Both listen on 127.0.0.1 only.
 *
 * <p>Every method takes and returns JDK types only. test-support calls this class as loaded by the
 * system class loader from the class loaders of Quarkus tests, so all of them share one broker and
 * one database; keep new methods to JDK types too.
 */
public final class EmbeddedInfrastructure {

    private EmbeddedInfrastructure() {
    }

    /** {@code 127.0.0.1:PORT} of the shared broker, starting it if needed. */
    public static String kafkaBootstrapServers() {
        return InJvmKafkaBroker.bootstrapServers();
    }

    /**
     * Where the shared broker listens, {@code 127.0.0.1:PORT}: now, when it runs; else where it will
     * when it next starts, its ports chosen now. A client can so be started side by side with the
     * broker. Should a planned port be taken by then, the broker takes another: compare with
     * {@link #kafkaBootstrapServers()} once it runs.
     */
    public static String plannedKafkaBootstrapServers() {
        return InJvmKafkaBroker.plannedBootstrapServers();
    }

    /**
     * Creates a topic (replication factor 1) and waits until every partition has a leader. Creating a
     * topic that already exists with the same partition count is a no-op.
     *
     * @throws IllegalStateException if the topic exists with a different partition count or creation fails
     */
    public static void createTopic(String topic, int partitions) {
        InJvmKafkaBroker.createTopic(topic, partitions);
    }

    /** How long the shared broker took to start (starts it if needed). */
    public static Duration kafkaStartupTime() {
        return InJvmKafkaBroker.startupTime();
    }

    /** Stops the broker now (it would otherwise stop at JVM exit); a later use starts a new one. */
    public static void stopKafka() {
        InJvmKafkaBroker.stopShared();
    }

    /**
     * Takes the broker away as an outage would, keeping its address, topics, records and committed
     * offsets for {@link #resumeKafka()}. For tests of the services under a broker outage.
     */
    public static void suspendKafka() {
        InJvmKafkaBroker.suspendShared();
    }

    /** Brings a {@linkplain #suspendKafka() suspended} broker back at the same address with the same data. */
    public static void resumeKafka() {
        InJvmKafkaBroker.resumeShared();
    }

    /** {@code jdbc:postgresql://127.0.0.1:PORT/assay} of the shared server, starting it if needed. */
    public static String postgresJdbcUrl() {
        return InJvmPostgres.jdbcUrl();
    }

    /**
     * The application database's URL: the running server's, else the one the next server will have,
     * its port chosen now, so a client can be started side by side with it. Should the port be taken
     * by then, the server takes another: compare with {@link #postgresJdbcUrl()} once it runs.
     */
    public static String plannedPostgresJdbcUrl() {
        return InJvmPostgres.plannedJdbcUrl();
    }

    /**
     * PostgreSQL, when it next starts, keeps its data in {@code home}/postgres so that it survives
     * this JVM (locked by {@code home}/postgres.lock while it runs); null: a temporary directory. A
     * directory held by another running process, or one the server cannot start on, falls back to a
     * temporary one: {@link #postgresFallbackReason()} says why.
     */
    public static void keepPostgresDataIn(java.nio.file.Path home) {
        InJvmPostgres.keepDataIn(home);
    }

    /** The kept data directory of the running server (starting it if needed); null when its data is temporary. */
    public static java.nio.file.Path postgresKeptDataDirectory() {
        return InJvmPostgres.keptDataDirectory();
    }

    /** Why the running server's data is temporary although it was asked to keep it; null otherwise. */
    public static String postgresFallbackReason() {
        return InJvmPostgres.fallbackReason();
    }

    public static String postgresUsername() {
        return InJvmPostgres.USERNAME;
    }

    public static String postgresPassword() {
        return InJvmPostgres.PASSWORD;
    }

    /** A non-pooling DataSource for the application database, connecting as its owner. */
    public static DataSource postgresDataSource() {
        return InJvmPostgres.dataSource();
    }

    /** How long the shared server took to start (starts it if needed). */
    public static Duration postgresStartupTime() {
        return InJvmPostgres.startupTime();
    }

    /**
     * Stops PostgreSQL as an outage would (its clients' connections end, new ones are refused), keeping
     * its port and data for {@link #resumePostgres()}. For tests of the services under a database outage.
     */
    public static void suspendPostgres() {
        InJvmPostgres.suspendShared();
    }

    /** Starts a {@linkplain #suspendPostgres() suspended} PostgreSQL again on the same port with the same data. */
    public static void resumePostgres() {
        InJvmPostgres.resumeShared();
    }

    /** Stops PostgreSQL now (it would otherwise stop at JVM exit); a later use starts a new one. */
    public static void stopPostgres() {
        InJvmPostgres.stopShared();
    }
}
