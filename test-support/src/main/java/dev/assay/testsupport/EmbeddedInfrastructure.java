package dev.assay.testsupport;

/**
 * The in-JVM Kafka broker and embedded PostgreSQL for callers that are not Quarkus tests (the
 * {@code assay run} local stack). {@link KafkaBrokerResource} and {@link PostgresResource} implement
 * a Quarkus test interface, so loading them needs quarkus-junit on the class path; this class needs
 * only the broker's and the database's own libraries. Same shared instances as those resources.
 */
public final class EmbeddedInfrastructure {

    private EmbeddedInfrastructure() {
    }

    /** {@code 127.0.0.1:PORT} of the shared broker, starting it if needed. */
    public static String kafkaBootstrapServers() {
        return (String) JvmWide.call(InJvmKafkaBroker.class, "bootstrapServers");
    }

    /** Creates a topic (replication factor 1) and waits until every partition has a leader. */
    public static void createTopic(String topic, int partitions) {
        JvmWide.call(InJvmKafkaBroker.class, "createTopic", topic, partitions);
    }

    /** {@code jdbc:postgresql://127.0.0.1:PORT/assay} of the shared server, starting it if needed. */
    public static String postgresJdbcUrl() {
        return (String) JvmWide.call(InJvmPostgres.class, "jdbcUrl");
    }

    public static String postgresUsername() {
        return InJvmPostgres.USERNAME;
    }

    public static String postgresPassword() {
        return InJvmPostgres.PASSWORD;
    }

    /** Stops the broker now (it would otherwise stop at JVM exit); a later use starts a new one. */
    public static void stopKafka() {
        JvmWide.call(InJvmKafkaBroker.class, "stopShared");
    }

    /** Stops PostgreSQL now (it would otherwise stop at JVM exit); a later use starts a new one. */
    public static void stopPostgres() {
        JvmWide.call(InJvmPostgres.class, "stopShared");
    }
}
