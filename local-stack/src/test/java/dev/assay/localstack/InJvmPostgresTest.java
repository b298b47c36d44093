package dev.assay.localstack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class InJvmPostgresTest {

    @Test
    void listensOnLoopbackWithTheApplicationDatabase() {
        assertThat(EmbeddedInfrastructure.postgresJdbcUrl()).matches("jdbc:postgresql://127\\.0\\.0\\.1:\\d+/assay");
        assertThat(EmbeddedInfrastructure.postgresUsername()).isEqualTo("assay");
        assertThat(EmbeddedInfrastructure.postgresPassword()).isEqualTo("assay");
        assertThat(EmbeddedInfrastructure.postgresStartupTime()).isPositive();
    }

    /** The local stack tells its service the database's URL before the server runs: the server must then be there. */
    @Test
    void aServerStartsOnThePortPlannedBeforeIt() throws Exception {
        EmbeddedInfrastructure.stopPostgres();
        String planned = EmbeddedInfrastructure.plannedPostgresJdbcUrl();
        assertThat(planned).matches("jdbc:postgresql://127\\.0\\.0\\.1:\\d+/assay");

        assertThat(EmbeddedInfrastructure.postgresJdbcUrl()).isEqualTo(planned);
        try (Connection connection = DriverManager.getConnection(planned, "assay", "assay");
             Statement statement = connection.createStatement();
             ResultSet row = statement.executeQuery("SELECT current_database()")) {
            assertThat(row.next()).isTrue();
            assertThat(row.getString(1)).isEqualTo("assay");
        }
        assertThat(EmbeddedInfrastructure.plannedPostgresJdbcUrl()).as("a running server's own URL").isEqualTo(planned);
    }

    /**
     * A temporary server starts from a copy of an empty cluster (made by the first temporary server of
     * these binaries, which ran initdb) instead of running initdb, and what one server stored never
     * reaches the next.
     */
    @Test
    void aTemporaryServerStartsFromTheTemplateOfAnEmptyClusterWithoutInitdb() throws Exception {
        PostgresTemplate template = PostgresTemplate.forTheseBinaries().orElseThrow();
        EmbeddedInfrastructure.stopPostgres();
        deleteTree(template.location()); // as on a new machine: the next server runs initdb and makes it
        try (Connection connection = DriverManager.getConnection(EmbeddedInfrastructure.postgresJdbcUrl(), "assay", "assay");
             Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE left_by_the_last_server (id int)");
        }
        assertThat(Files.readString(InJvmPostgres.logFile())).as("initdb's output").contains(INITDB_SAYS);
        assertThat(template.location().resolve("PG_VERSION")).as("the template it made").exists();
        EmbeddedInfrastructure.stopPostgres();

        String url = EmbeddedInfrastructure.postgresJdbcUrl();

        assertThat(Files.readString(InJvmPostgres.logFile())).as("no initdb").doesNotContain(INITDB_SAYS);
        try (Connection connection = DriverManager.getConnection(url, "assay", "assay");
             Statement statement = connection.createStatement();
             ResultSet row = statement.executeQuery("SELECT count(*) FROM pg_tables WHERE tablename = 'left_by_the_last_server'")) {
            assertThat(row.next()).isTrue();
            assertThat(row.getInt(1)).as("a fresh database").isZero();
        }
    }

    private static final String INITDB_SAYS = "The files belonging to this database system";

    private static void deleteTree(Path root) throws IOException {
        if (Files.exists(root)) {
            try (Stream<Path> paths = Files.walk(root)) {
                for (Path path : (Iterable<Path>) paths.sorted(Comparator.reverseOrder())::iterator) {
                    Files.delete(path);
                }
            }
        }
    }

    /** Sized for a workstation (docs/performance.md): the running server reports the setting it was started with. */
    @Test
    void runsWithSmallSharedBuffers() throws Exception {
        try (Connection connection = DriverManager.getConnection(EmbeddedInfrastructure.postgresJdbcUrl(),
                EmbeddedInfrastructure.postgresUsername(), EmbeddedInfrastructure.postgresPassword());
             Statement statement = connection.createStatement();
             ResultSet row = statement.executeQuery("SHOW shared_buffers")) {
            assertThat(row.next()).isTrue();
            assertThat(row.getString(1)).isEqualTo("32MB");
        }
    }

    @Test
    void isARealPostgresDatabaseReachableOverJdbc() throws Exception {
        try (Connection connection = DriverManager.getConnection(EmbeddedInfrastructure.postgresJdbcUrl(),
                EmbeddedInfrastructure.postgresUsername(), EmbeddedInfrastructure.postgresPassword());
             Statement statement = connection.createStatement()) {
            try (ResultSet version = statement.executeQuery("select version()")) {
                assertThat(version.next()).isTrue();
                assertThat(version.getString(1)).startsWith("PostgreSQL 17");
            }
            try (ResultSet user = statement.executeQuery("select current_user, current_database()")) {
                assertThat(user.next()).isTrue();
                assertThat(user.getString(1)).isEqualTo("assay");
                assertThat(user.getString(2)).isEqualTo("assay");
            }

            statement.execute("create table if not exists verdicts (id serial primary key, label text not null, score numeric(4,2))");
            statement.execute("truncate verdicts");
            try (PreparedStatement insert = connection.prepareStatement("insert into verdicts(label, score) values (?, ?)")) {
                for (var row : Map.of("pass", 0.9, "fail", 0.1).entrySet()) {
                    insert.setString(1, row.getKey());
                    insert.setDouble(2, row.getValue());
                    insert.executeUpdate();
                }
            }
            List<String> rows = new ArrayList<>();
            try (ResultSet result = statement.executeQuery("select label, score from verdicts order by label")) {
                while (result.next()) {
                    rows.add(result.getString("label") + "=" + result.getBigDecimal("score"));
                }
            }
            assertThat(rows).containsExactly("fail=0.10", "pass=0.90");
        }
    }

    @Test
    void dataSourceConnectsAsTheApplicationUserOverLoopback() throws Exception {
        try (Connection connection = EmbeddedInfrastructure.postgresDataSource().getConnection();
             ResultSet result = connection.createStatement().executeQuery("select current_user, inet_server_addr()::text")) {
            assertThat(result.next()).isTrue();
            assertThat(result.getString(1)).isEqualTo("assay");
            assertThat(result.getString(2)).startsWith("127.0.0.1");
        }
    }

    /** An outage for tests: connections fail meanwhile; afterwards the same address with the same data. */
    @Test
    void suspendTakesTheServerAwayAndResumeBringsItBackWithItsData() throws Exception {
        String url = EmbeddedInfrastructure.postgresJdbcUrl();
        String label = "kept-" + java.util.UUID.randomUUID();
        try (Connection connection = EmbeddedInfrastructure.postgresDataSource().getConnection();
             Statement statement = connection.createStatement()) {
            statement.execute("create table if not exists outage_rows (label text primary key)");
            statement.execute("insert into outage_rows values ('" + label + "')");
        }

        EmbeddedInfrastructure.suspendPostgres();
        try {
            assertThatThrownBy(() -> EmbeddedInfrastructure.postgresDataSource().getConnection().close())
                    .isInstanceOf(SQLException.class)
                    .satisfies(e -> assertThat(((SQLException) e).getSQLState()).startsWith("08"));
        } finally {
            EmbeddedInfrastructure.resumePostgres();
        }

        assertThat(EmbeddedInfrastructure.postgresJdbcUrl()).isEqualTo(url);
        try (Connection connection = EmbeddedInfrastructure.postgresDataSource().getConnection();
             ResultSet result = connection.createStatement()
                     .executeQuery("select count(*) from outage_rows where label = '" + label + "'")) {
            assertThat(result.next()).isTrue();
            assertThat(result.getInt(1)).isEqualTo(1);
        }
    }
}
