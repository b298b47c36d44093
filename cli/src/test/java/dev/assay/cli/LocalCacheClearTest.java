package dev.assay.cli;

import dev.assay.localstack.EmbeddedInfrastructure;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code assay cache clear} with no stack running (docs/cache.md): it opens the kept local data's
 * PostgreSQL itself and removes what it is asked to, a run's or a model's answers or all of them.
 */
class LocalCacheClearTest {

    /** The services' migrations that make the table, as a stack's first start leaves it. */
    private static final Path MIGRATIONS = Path.of("..", "generation-service", "src", "main", "resources", "db", "migration");

    @TempDir
    Path data;

    @Test
    void clearsTheKeptLocalDataWithoutAStack() throws Exception {
        EmbeddedInfrastructure.stopPostgres();
        EmbeddedInfrastructure.keepPostgresDataIn(data);
        try {
            execute(Files.readString(MIGRATIONS.resolve("V3__response_cache.sql")),
                    Files.readString(MIGRATIONS.resolve("V7_1__response_cache_run.sql")),
                    "INSERT INTO response_cache (cache_key, model, run_id, response, usage) VALUES"
                            + " ('a', 'openai:m', 'r1', 'x', '{}'), ('b', 'openai:n', 'r1', 'x', '{}'),"
                            + " ('c', 'openai:m', 'r2', 'x', '{}'), ('d', 'openai:n', 'r2', 'x', '{}'), ('e', 'openai:m', NULL, 'x', '{}')");
        } finally {
            EmbeddedInfrastructure.stopPostgres();
        }
        Map<String, String> env = Map.of("ASSAY_LOCAL_DATA", data.toString());

        CliRun run = CliRun.withEnvironment(env, "cache", "clear", "--run", "r1", "--model", "openai:m");
        assertThat(run.exit()).as("%s", run).isZero();
        assertThat(run.out()).contains("cleared 1 cached answers of run r1 of model openai:m (from the local data in " + data + ")");
        assertThat(keys()).containsExactly("b", "c", "d", "e");
        assertThat(CliRun.withEnvironment(env, "cache", "clear", "--model", "openai:m").out()).contains("cleared 2 cached answers");
        assertThat(keys()).containsExactly("b", "d");
        assertThat(CliRun.withEnvironment(env, "cache", "clear").out()).contains("cleared 2 cached answers");
        assertThat(keys()).isEmpty();
    }

    @Test
    void withNoLocalDataThereIsNothingToClear() {
        CliRun clear = CliRun.withEnvironment(Map.of("ASSAY_LOCAL_DATA", data.resolve("none").toString()), "cache", "clear");
        assertThat(clear.exit()).as("%s", clear).isZero();
        assertThat(clear.out()).contains("cleared 0 cached answers (no local data in " + data.resolve("none") + " yet");
        assertThat(data.resolve("none")).as("none made for it").doesNotExist();
    }

    private List<String> keys() throws Exception {
        EmbeddedInfrastructure.keepPostgresDataIn(data);
        List<String> keys = new ArrayList<>();
        try (Connection connection = EmbeddedInfrastructure.postgresDataSource().getConnection();
             Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("SELECT cache_key FROM response_cache ORDER BY cache_key")) {
            while (rows.next()) {
                keys.add(rows.getString(1));
            }
        } finally {
            EmbeddedInfrastructure.stopPostgres();
        }
        return keys;
    }

    private static void execute(String... statements) throws Exception {
        try (Connection connection = EmbeddedInfrastructure.postgresDataSource().getConnection();
             Statement statement = connection.createStatement()) {
            for (String sql : statements) {
                statement.execute(sql);
            }
        }
    }
}
