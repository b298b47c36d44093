package dev.assay.localstack;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;

import javax.sql.DataSource;

import org.postgresql.ds.PGSimpleDataSource;

import com.sun.security.auth.module.UnixSystem;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import io.zonky.test.db.postgres.util.LinuxUtils;

/**
 * A real PostgreSQL server from the zonky Maven binaries, started on first use and stopped by a JVM
 * shutdown hook. It listens on 127.0.0.1 only and holds one application database with its own owner
 * role, like the deployed service sees it. Callers go through {@link EmbeddedInfrastructure}.
 *
 * <p>Running as root: initdb and postgres refuse to run as uid 0. Zonky (2.1+) detects root and runs
 * every PostgreSQL command under {@code unshare -U}, in a user namespace where the process is "nobody"
 * (verified on these machines: "files ... will be owned by user nobody"). Where user namespaces are
 * forbidden (e.g. Docker's default seccomp profile) that cannot work, so we fail fast with a clear message.
 *
 * <p>initdb and server output go to a log file rather than the caller's output; failures name the file.
 */
final class InJvmPostgres {

    private static final System.Logger LOG = System.getLogger(InJvmPostgres.class.getName());

    static final String DATABASE = "assay";
    static final String USERNAME = "assay";
    static final String PASSWORD = "assay";

    private static InJvmPostgres shared;

    private final EmbeddedPostgres postgres;
    private final Path logFile;
    private final Duration startupTime;
    private final AtomicBoolean stopped = new AtomicBoolean();

    private InJvmPostgres(EmbeddedPostgres postgres, Path logFile, Duration startupTime) {
        this.postgres = postgres;
        this.logFile = logFile;
        this.startupTime = startupTime;
    }

    static String jdbcUrl() {
        return "jdbc:postgresql://127.0.0.1:" + shared().postgres.getPort() + "/" + DATABASE;
    }

    static Duration startupTime() {
        return shared().startupTime;
    }

    static DataSource dataSource() {
        PGSimpleDataSource dataSource = new PGSimpleDataSource();
        dataSource.setServerNames(new String[] {"127.0.0.1"});
        dataSource.setPortNumbers(new int[] {shared().postgres.getPort()});
        dataSource.setDatabaseName(DATABASE);
        dataSource.setUser(USERNAME);
        dataSource.setPassword(PASSWORD);
        return dataSource;
    }

    /** Stops the shared server now rather than at JVM exit (see InJvmKafkaBroker.stopShared). */
    static synchronized void stopShared() {
        if (shared != null) {
            InJvmPostgres server = shared;
            shared = null;
            server.stop();
        }
    }

    private static synchronized InJvmPostgres shared() {
        if (shared == null) {
            shared = start();
            InJvmPostgres server = shared;
            Runtime.getRuntime().addShutdownHook(new Thread(server::stop, "assay-postgres-shutdown"));
        }
        return shared;
    }

    private static InJvmPostgres start() {
        requireNonRootOrUserNamespaces();
        QuietLogging.atWarning("io.zonky.test.db.postgres");
        long startNanos = System.nanoTime();
        Path logFile = null;
        EmbeddedPostgres postgres = null;
        try {
            logFile = Files.createTempFile("assay-postgres-", ".log");
            ProcessBuilder.Redirect toLog = ProcessBuilder.Redirect.appendTo(logFile.toFile());
            postgres = EmbeddedPostgres.builder()
                    .setServerConfig("listen_addresses", "127.0.0.1")
                    // Durability buys nothing in a throw-away database that lives as long as this JVM, and costs time.
                    .setServerConfig("fsync", "off")
                    .setServerConfig("full_page_writes", "off")
                    .setOutputRedirector(toLog)
                    .setErrorRedirector(toLog)
                    // Our own hook stops it and removes the log file.
                    .setRegisterShutdownHook(false)
                    // Generous: two cores shared with a Kafka broker and a Quarkus build.
                    .setPGStartupWait(Duration.ofSeconds(60))
                    .start();
            createApplicationDatabase(postgres);
            Duration startupTime = Duration.ofNanos(System.nanoTime() - startNanos);
            LOG.log(System.Logger.Level.INFO, "Embedded PostgreSQL listening on 127.0.0.1:{0}, started in {1} ms",
                    Integer.toString(postgres.getPort()), Long.toString(startupTime.toMillis()));
            return new InJvmPostgres(postgres, logFile, startupTime);
        } catch (IOException | SQLException | RuntimeException e) {
            closeQuietly(postgres);
            throw new IllegalStateException("Could not start embedded PostgreSQL; initdb and server output are in "
                    + logFile, e);
        }
    }

    private static void requireNonRootOrUserNamespaces() {
        boolean linux = System.getProperty("os.name", "").startsWith("Linux");
        if (linux && new UnixSystem().getUid() == 0 && !LinuxUtils.isUnshareAvailable()) {
            throw new IllegalStateException("Embedded PostgreSQL cannot run as root here: initdb refuses uid 0, and "
                    + "'unshare -U' (which zonky uses to run it as 'nobody' in a user namespace) is not permitted. "
                    + "Run as a non-root user or allow user namespaces.");
        }
    }

    private static void createApplicationDatabase(EmbeddedPostgres postgres) throws SQLException {
        try (Connection connection = postgres.getPostgresDatabase().getConnection();
             Statement statement = connection.createStatement()) {
            statement.execute("CREATE ROLE " + USERNAME + " LOGIN PASSWORD '" + PASSWORD + "'");
            statement.execute("CREATE DATABASE " + DATABASE + " OWNER " + USERNAME);
        }
    }


    private void stop() {
        if (!stopped.compareAndSet(false, true)) {
            return;
        }
        closeQuietly(postgres);
        try {
            Files.deleteIfExists(logFile);
        } catch (IOException e) {
            // A leftover log file in the temp directory is harmless.
        }
    }

    private static void closeQuietly(EmbeddedPostgres postgres) {
        if (postgres == null) {
            return;
        }
        try {
            postgres.close();
        } catch (IOException | RuntimeException e) {
            System.err.println("assay local-stack: could not stop embedded PostgreSQL cleanly: " + e);
        }
    }
}
