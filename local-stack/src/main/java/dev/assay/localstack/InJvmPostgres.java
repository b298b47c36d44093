package dev.assay.localstack;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Comparator;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;

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

    /** Replaced by {@link #resume()}; guarded by the class lock, as {@code shared} is. */
    private EmbeddedPostgres postgres;
    private final Path dataDirectory;
    private final int port;
    private final Path logFile;
    private final Duration startupTime;
    private final AtomicBoolean stopped = new AtomicBoolean();

    private InJvmPostgres(EmbeddedPostgres postgres, Path dataDirectory, Path logFile, Duration startupTime) {
        this.postgres = postgres;
        this.dataDirectory = dataDirectory;
        this.port = postgres.getPort();
        this.logFile = logFile;
        this.startupTime = startupTime;
    }

    static String jdbcUrl() {
        return "jdbc:postgresql://127.0.0.1:" + shared().port + "/" + DATABASE;
    }

    static Duration startupTime() {
        return shared().startupTime;
    }

    static DataSource dataSource() {
        PGSimpleDataSource dataSource = new PGSimpleDataSource();
        dataSource.setServerNames(new String[] {"127.0.0.1"});
        dataSource.setPortNumbers(new int[] {shared().port});
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

    /**
     * Stops the shared server as an outage would (clients get "connection refused"), keeping its data
     * directory and port, so that {@link #resumeShared()} brings back the same database at the same
     * address. For tests of what the services do while the database is gone. Does nothing if no
     * server runs or it is already suspended.
     */
    static synchronized void suspendShared() {
        if (shared != null && shared.postgres != null) {
            closeQuietly(shared.postgres);
            shared.postgres = null;
            LOG.log(System.Logger.Level.INFO, "Embedded PostgreSQL on 127.0.0.1:{0} suspended", Integer.toString(shared.port));
        }
    }

    /** Starts a suspended server again on its data directory and port; does nothing if it runs. */
    static synchronized void resumeShared() {
        if (shared != null && shared.postgres == null) {
            try {
                shared.postgres = builder(shared.dataDirectory, shared.logFile).setPort(shared.port).start();
            } catch (IOException | RuntimeException e) {
                throw new IllegalStateException("Could not resume embedded PostgreSQL on port " + shared.port
                        + "; server output is in " + shared.logFile, e);
            }
            LOG.log(System.Logger.Level.INFO, "Embedded PostgreSQL on 127.0.0.1:{0} resumed", Integer.toString(shared.port));
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
        Path dataDirectory = null;
        EmbeddedPostgres postgres = null;
        try {
            logFile = Files.createTempFile("assay-postgres-", ".log");
            dataDirectory = Files.createTempDirectory("assay-postgres-data-");
            postgres = builder(dataDirectory, logFile).start();
            createApplicationDatabase(postgres);
            Duration startupTime = Duration.ofNanos(System.nanoTime() - startNanos);
            LOG.log(System.Logger.Level.INFO, "Embedded PostgreSQL listening on 127.0.0.1:{0}, started in {1} ms",
                    Integer.toString(postgres.getPort()), Long.toString(startupTime.toMillis()));
            return new InJvmPostgres(postgres, dataDirectory, logFile, startupTime);
        } catch (IOException | SQLException | RuntimeException e) {
            closeQuietly(postgres);
            deleteQuietly(dataDirectory);
            throw new IllegalStateException("Could not start embedded PostgreSQL; initdb and server output are in "
                    + logFile, e);
        }
    }

    /**
     * The server on {@code dataDirectory}: initdb runs when the directory holds no database yet, so
     * the same builder starts a fresh server and {@linkplain #resumeShared() resumes} a suspended one.
     * We own the directory (zonky would delete it on every stop) and delete it at the end.
     */
    private static EmbeddedPostgres.Builder builder(Path dataDirectory, Path logFile) {
        ProcessBuilder.Redirect toLog = ProcessBuilder.Redirect.appendTo(logFile.toFile());
        return EmbeddedPostgres.builder()
                .setDataDirectory(dataDirectory)
                .setCleanDataDirectory(false)
                .setServerConfig("listen_addresses", "127.0.0.1")
                // Durability buys nothing in a throw-away database that lives as long as this JVM, and costs time.
                .setServerConfig("fsync", "off")
                .setServerConfig("full_page_writes", "off")
                .setOutputRedirector(toLog)
                .setErrorRedirector(toLog)
                // Our own hook stops it and removes the log file and the data.
                .setRegisterShutdownHook(false)
                // Generous: two cores shared with a Kafka broker and a Quarkus build.
                .setPGStartupWait(Duration.ofSeconds(60));
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
        synchronized (InJvmPostgres.class) {
            closeQuietly(postgres);
            postgres = null;
        }
        deleteQuietly(dataDirectory);
        try {
            Files.deleteIfExists(logFile);
        } catch (IOException e) {
            // A leftover log file in the temp directory is harmless.
        }
    }

    private static void deleteQuietly(Path directory) {
        if (directory == null) {
            return;
        }
        try (Stream<Path> paths = Files.walk(directory)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException | RuntimeException e) {
            // A leftover directory in the temp directory is harmless.
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
