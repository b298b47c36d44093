package dev.assay.localstack;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.StandardOpenOption;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Comparator;
import java.util.Optional;
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
    /** PostgreSQL's shared buffers ({@link #builder}). */
    static final String SHARED_BUFFERS = "32MB";

    private static InJvmPostgres shared;

    /** The port the next server tries first ({@link #plannedJdbcUrl()}); 0: one zonky finds free then. */
    private static int plannedPort;
    /** Where the next server keeps its data ({@link #keepDataIn}); null: a temporary directory. */
    private static Path preferredHome;
    /** Why the last server could not keep its data where it was asked to; null when it could (or was not asked). */
    private static String fallbackReason;

    /** Replaced by {@link #resume()}; guarded by the class lock, as {@code shared} is. */
    private EmbeddedPostgres postgres;
    private final Path dataDirectory;
    /** Held while the server runs on a kept data directory, so a second stack does not share it; null for a temporary one. */
    private final FileChannel lock;
    private final int port;
    private final Path logFile;
    private final Duration startupTime;
    private final AtomicBoolean stopped = new AtomicBoolean();
    /** Stops the server should this JVM end without stopping it (kill -9); null where it cannot run. */
    private final PostgresWatch watch;

    private InJvmPostgres(EmbeddedPostgres postgres, Path dataDirectory, FileChannel lock, Path logFile, Duration startupTime) {
        this.postgres = postgres;
        this.dataDirectory = dataDirectory;
        this.lock = lock;
        this.port = postgres.getPort();
        this.logFile = logFile;
        this.startupTime = startupTime;
        this.watch = PostgresWatch.start(dataDirectory, lock == null);
    }

    static String jdbcUrl() {
        return "jdbc:postgresql://127.0.0.1:" + shared().port + "/" + DATABASE;
    }

    /**
     * The application database's URL: the running server's, else the one the next server will have,
     * its port chosen free now and kept for that start, so a client can be started before the server.
     * A start that finds the port taken meanwhile takes another: {@link #jdbcUrl()} is then not this.
     */
    static synchronized String plannedJdbcUrl() {
        if (shared != null) {
            return jdbcUrl();
        }
        if (plannedPort == 0) {
            plannedPort = LoopbackPorts.free();
        }
        return "jdbc:postgresql://127.0.0.1:" + plannedPort + "/" + DATABASE;
    }

    static Duration startupTime() {
        return shared().startupTime;
    }

    /** Where the running server's output (and initdb's, when it ran) goes. */
    static Path logFile() {
        return shared().logFile;
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
                shared.postgres = (shared.lock == null ? builder(shared.dataDirectory, shared.logFile)
                        : keptBuilder(shared.dataDirectory, shared.logFile)).setPort(shared.port).start();
            } catch (IOException | RuntimeException e) {
                throw new IllegalStateException("Could not resume embedded PostgreSQL on port " + shared.port
                        + "; server output is in " + shared.logFile, e);
            }
            LOG.log(System.Logger.Level.INFO, "Embedded PostgreSQL on 127.0.0.1:{0} resumed", Integer.toString(shared.port));
        }
    }

    /**
     * The next server started keeps its data in {@code home}/postgres (created on first use), so its
     * databases survive this JVM; null: a temporary directory, deleted at stop. If another running
     * process holds that directory (its lock file {@code home}/postgres.lock), or the server cannot
     * start on it, the server falls back to a temporary directory and {@link #fallbackReason()} says why.
     */
    static synchronized void keepDataIn(Path home) {
        preferredHome = home;
    }

    /** The kept data directory the running server uses; null when it runs on a temporary one. */
    static synchronized Path keptDataDirectory() {
        InJvmPostgres server = shared();
        return server.lock == null ? null : server.dataDirectory;
    }

    /** Why the running server keeps its data in a temporary directory although asked to keep it; null otherwise. */
    static synchronized String fallbackReason() {
        shared();
        return fallbackReason;
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
        fallbackReason = null;
        int port = plannedPort;
        plannedPort = 0;
        if (preferredHome != null) {
            InJvmPostgres kept = startKept(preferredHome, port);
            if (kept == null && port != 0) {
                // the planned port may have been taken meanwhile: the kept data matter more than the port
                kept = startKept(preferredHome, 0);
            }
            if (kept != null) {
                return kept;
            }
        }
        if (port != 0) {
            try {
                return startTemporary(port);
            } catch (IllegalStateException e) {
                // most likely the planned port was taken meanwhile: any free one
                LOG.log(System.Logger.Level.INFO, "Embedded PostgreSQL did not start on the planned port {0}; trying another",
                        Integer.toString(port));
            }
        }
        return startTemporary(0);
    }

    /** A server on {@code home}/postgres, or null (with {@link #fallbackReason} set) when that cannot be. */
    private static InJvmPostgres startKept(Path home, int port) {
        long startNanos = System.nanoTime();
        Path dataDirectory = home.resolve("postgres");
        Path logFile = home.resolve("postgres.log");
        FileChannel lock = null;
        EmbeddedPostgres postgres = null;
        try {
            Files.createDirectories(home);
            Path lockFile = home.resolve("postgres.lock");
            lock = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
            if (lockQuietly(lock) == null) {
                fallbackReason = LocalDataLock.inUse(home, LocalDataLock.holder(lockFile));
                lock.close();
                return null;
            }
            LocalDataLock.claim(lock);
            // a server left running on the data by a process that is gone (one killed before its watch began)
            String orphan = LocalDataLock.runningServer(dataDirectory);
            if (orphan != null) {
                fallbackReason = LocalDataLock.inUse(home, orphan);
                lock.close();
                return null;
            }
            Files.deleteIfExists(logFile); // the last start's output; this start's goes to it now
            postgres = keptBuilder(dataDirectory, logFile).setPort(port).start();
            createApplicationDatabase(postgres);
            Duration startupTime = Duration.ofNanos(System.nanoTime() - startNanos);
            LOG.log(System.Logger.Level.INFO, "Embedded PostgreSQL on {0} listening on 127.0.0.1:{1}, started in {2} ms",
                    dataDirectory, Integer.toString(postgres.getPort()), Long.toString(startupTime.toMillis()));
            return new InJvmPostgres(postgres, dataDirectory, lock, logFile, startupTime);
        } catch (IOException | SQLException | RuntimeException e) {
            closeQuietly(postgres);
            closeQuietly(lock);
            fallbackReason = "PostgreSQL could not start on " + dataDirectory + " (" + causes(e) + "; its output is in "
                    + logFile + ")";
            return null;
        }
    }

    /** An exception's messages down its causes (some say nothing themselves: a null message is no explanation). */
    private static String causes(Throwable e) {
        StringBuilder text = new StringBuilder();
        for (Throwable cause = e; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            String message = cause.getMessage() != null ? cause.getMessage() : cause.getClass().getSimpleName();
            if (text.indexOf(message) < 0) {
                text.append(text.isEmpty() ? "" : ": ").append(message);
            }
        }
        return text.toString();
    }

    /** The lock, or null when another process (or this one) holds it. */
    private static FileLock lockQuietly(FileChannel channel) throws IOException {
        try {
            return channel.tryLock();
        } catch (OverlappingFileLockException e) {
            return null;
        }
    }

    private static InJvmPostgres startTemporary(int port) {
        long startNanos = System.nanoTime();
        Path logFile = null;
        Path dataDirectory = null;
        EmbeddedPostgres postgres = null;
        try {
            logFile = Files.createTempFile("assay-postgres-", ".log");
            dataDirectory = Files.createTempDirectory("assay-postgres-data-");
            // an empty cluster copied instead of initdb when one was made before (PostgresTemplate)
            Optional<PostgresTemplate> template = PostgresTemplate.forTheseBinaries();
            boolean fromTemplate = template.isPresent() && template.get().copyInto(dataDirectory);
            postgres = builder(dataDirectory, logFile).setPort(port).start();
            if (template.isPresent() && !fromTemplate) {
                // The first temporary server of these binaries: stopped once, so that its fresh cluster becomes the
                // template. Before the application's database exists, so no client (the service's Flyway retries
                // meanwhile) can have written anything into it.
                int started = postgres.getPort();
                closeQuietly(postgres);
                postgres = null;
                template.get().keep(dataDirectory);
                postgres = builder(dataDirectory, logFile).setPort(started).start();
            }
            createApplicationDatabase(postgres);
            Duration startupTime = Duration.ofNanos(System.nanoTime() - startNanos);
            LOG.log(System.Logger.Level.INFO, "Embedded PostgreSQL listening on 127.0.0.1:{0}, started in {1} ms{2}",
                    Integer.toString(postgres.getPort()), Long.toString(startupTime.toMillis()),
                    fromTemplate ? " (from the template " + template.get().location() + ")" : "");
            return new InJvmPostgres(postgres, dataDirectory, null, logFile, startupTime);
        } catch (IOException | SQLException | RuntimeException e) {
            closeQuietly(postgres);
            TemporaryDirectories.deleteQuietly(dataDirectory);
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
                // A workstation's database of a few runs: 32 MB of shared buffers (128 MB by default;
                // summed over the processes that touch them, most of the server's memory) keeps a
                // 5,000-question run's results and the response cache; the OS's page cache holds the rest.
                .setServerConfig("shared_buffers", SHARED_BUFFERS)
                .setOutputRedirector(toLog)
                .setErrorRedirector(toLog)
                // Our own hook stops it and removes the log file and the data.
                .setRegisterShutdownHook(false)
                // Generous: two cores shared with a Kafka broker and a Quarkus build.
                .setPGStartupWait(Duration.ofSeconds(60));
    }

    /**
     * A kept directory's server: its data must survive a crash of this JVM or the machine, so fsync
     * stays on; commits do not wait for it (a crash loses at most the last moments of results, which
     * a retry of the run queues again) so storing stays fast.
     */
    private static EmbeddedPostgres.Builder keptBuilder(Path dataDirectory, Path logFile) {
        return builder(dataDirectory, logFile)
                .setServerConfig("fsync", "on")
                .setServerConfig("full_page_writes", "on")
                .setServerConfig("synchronous_commit", "off");
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
            try (var existing = statement.executeQuery("SELECT 1 FROM pg_database WHERE datname = '" + DATABASE + "'")) {
                if (existing.next()) {
                    return; // a kept data directory: the database of an earlier start
                }
            }
            statement.execute("CREATE ROLE " + USERNAME + " LOGIN PASSWORD '" + PASSWORD + "'");
            statement.execute("CREATE DATABASE " + DATABASE + " OWNER " + USERNAME);
        }
    }


    private void stop() {
        if (!stopped.compareAndSet(false, true)) {
            return;
        }
        if (watch != null) {
            watch.cancel(); // a clean stop: the watch must not signal a server (or a PID) after it
        }
        synchronized (InJvmPostgres.class) {
            closeQuietly(postgres);
            postgres = null;
        }
        if (lock != null) {
            closeQuietly(lock); // a kept directory: its data stays, for the next stack
            return;
        }
        TemporaryDirectories.deleteQuietly(dataDirectory);
        try {
            Files.deleteIfExists(logFile);
        } catch (IOException e) {
            // A leftover log file in the temp directory is harmless.
        }
    }


    private static void closeQuietly(FileChannel channel) {
        if (channel == null) {
            return;
        }
        try {
            channel.close(); // releases its lock
        } catch (IOException e) {
            // released anyway when this process ends
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
