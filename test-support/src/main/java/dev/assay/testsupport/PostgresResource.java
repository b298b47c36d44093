package dev.assay.testsupport;

import static java.lang.invoke.MethodType.methodType;

import java.time.Duration;
import java.util.Map;

import javax.sql.DataSource;

import dev.assay.localstack.EmbeddedInfrastructure;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

/**
 * Points a Quarkus application under test at a real PostgreSQL server: local-stack's embedded one
 * ({@link EmbeddedInfrastructure}, zonky binaries, 127.0.0.1 only) with database, user and password
 * {@code assay}.
 *
 * <p>The server starts on first use and then serves every test class of the JVM, across Quarkus
 * applications and test profiles; {@link #stop()} leaves it running and a shutdown hook stops it. Data
 * therefore survives between test classes: clean up what a test writes, or use unique keys. Plain JUnit
 * tests can use the static methods without Quarkus.
 */
public final class PostgresResource implements QuarkusTestResourceLifecycleManager {

    @Override
    public Map<String, String> start() {
        return Map.of(
                "quarkus.datasource.db-kind", "postgresql",
                "quarkus.datasource.jdbc.url", jdbcUrl(),
                "quarkus.datasource.username", username(),
                "quarkus.datasource.password", password());
    }

    @Override
    public void stop() {
        // Deliberately empty: the server outlives this test class and is shared with the next one.
    }

    /** {@code jdbc:postgresql://127.0.0.1:PORT/assay} of the shared server, starting it if needed. */
    public static String jdbcUrl() {
        return (String) JvmWide.call("postgresJdbcUrl", methodType(String.class));
    }

    public static String username() {
        return EmbeddedInfrastructure.postgresUsername();
    }

    public static String password() {
        return EmbeddedInfrastructure.postgresPassword();
    }

    /** A non-pooling DataSource for the application database, for tests that check what was stored. */
    public static DataSource dataSource() {
        return (DataSource) JvmWide.call("postgresDataSource", methodType(DataSource.class));
    }

    /**
     * Stops the shared server as an outage would (connections end, new ones are refused), keeping its
     * port and data until {@link #resume()}. Always resume in a {@code finally}: the server serves the
     * test classes that come after.
     */
    public static void suspend() {
        JvmWide.call("suspendPostgres", methodType(void.class));
    }

    /** Starts the {@linkplain #suspend() suspended} server again on the same port with the same data. */
    public static void resume() {
        JvmWide.call("resumePostgres", methodType(void.class));
    }

    /** How long the shared server took to start (for reports; starts it if needed). */
    public static Duration startupTime() {
        return (Duration) JvmWide.call("postgresStartupTime", methodType(Duration.class));
    }
}
