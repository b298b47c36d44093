package dev.assay.localstack;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * PostgreSQL on a kept data directory (the CLI's local data, docs/cli.md): what one server stored is
 * there for the next one; a directory held by another stack is left alone, for a temporary one.
 */
class KeptPostgresDataTest {

    @TempDir
    Path home;

    @Test
    void dataSurvivesTheServerAndAHeldDirectoryFallsBackToATemporaryOne() throws Exception {
        EmbeddedInfrastructure.stopPostgres();
        EmbeddedInfrastructure.keepPostgresDataIn(home);
        try {
            execute("CREATE TABLE kept (value text)", "INSERT INTO kept VALUES ('from the first server')");
            assertThat(EmbeddedInfrastructure.postgresKeptDataDirectory()).isEqualTo(home.resolve("postgres"));
            assertThat(EmbeddedInfrastructure.postgresFallbackReason()).isNull();
            EmbeddedInfrastructure.stopPostgres();

            assertThat(select("SELECT value FROM kept")).as("the next server has the data").isEqualTo("from the first server");
            EmbeddedInfrastructure.stopPostgres();

            // another stack holds the directory
            try (FileChannel channel = FileChannel.open(home.resolve("postgres.lock"), StandardOpenOption.WRITE);
                 FileLock held = channel.lock()) {
                assertThat(select("SELECT to_regclass('kept')::text")).as("a temporary database, without the kept table").isNull();
                assertThat(EmbeddedInfrastructure.postgresKeptDataDirectory()).isNull();
                // the lock file names the process that held it last (this one, standing in for another stack)
                assertThat(EmbeddedInfrastructure.postgresFallbackReason())
                        .startsWith("the local data folder " + home + " is in use by process " + ProcessHandle.current().pid() + " (")
                        .endsWith("; stop it with `assay down` (or end that process), or wait until it ends");
                EmbeddedInfrastructure.stopPostgres();
            }
            assertThat(select("SELECT count(*)::text FROM kept")).as("free again: the kept data").isEqualTo("1");
            EmbeddedInfrastructure.stopPostgres();

            // a server left running on the directory by a process that is gone: named, instead of a failed start
            Process orphan = new ProcessBuilder("sleep", "120").start();
            Path pidFile = home.resolve("postgres/postmaster.pid");
            try {
                Files.writeString(pidFile, orphan.pid() + "\n" + home.resolve("postgres") + "\n");
                assertThat(select("SELECT to_regclass('kept')::text")).as("a temporary database").isNull();
                assertThat(EmbeddedInfrastructure.postgresFallbackReason())
                        .startsWith("the local data folder " + home + " is in use by a PostgreSQL server, process " + orphan.pid() + " (")
                        .contains("sleep 120)");
                EmbeddedInfrastructure.stopPostgres();
            } finally {
                orphan.destroyForcibly().waitFor();
                Files.deleteIfExists(pidFile);
            }
        } finally {
            EmbeddedInfrastructure.keepPostgresDataIn(null);
            EmbeddedInfrastructure.stopPostgres();
        }
    }

    private static void execute(String... statements) throws Exception {
        try (Connection connection = connect(); Statement statement = connection.createStatement()) {
            for (String sql : statements) {
                statement.execute(sql);
            }
        }
    }

    private static String select(String query) throws Exception {
        try (Connection connection = connect(); Statement statement = connection.createStatement();
             ResultSet result = statement.executeQuery(query)) {
            result.next();
            return result.getString(1);
        }
    }

    private static Connection connect() throws Exception {
        return DriverManager.getConnection(EmbeddedInfrastructure.postgresJdbcUrl(), EmbeddedInfrastructure.postgresUsername(),
                EmbeddedInfrastructure.postgresPassword());
    }
}
