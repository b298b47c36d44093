package dev.assay.cli.stack;

import dev.assay.localstack.EmbeddedInfrastructure;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Map;

/**
 * {@code assay cache clear} with no stack running: opens the local data's PostgreSQL itself (no broker,
 * no service), deletes the answers asked for from its {@code response_cache} table and stops it again
 * (docs/cache.md). The statement is the one the services' store runs (service-core's
 * {@code JdbcResponseCache}), written here again because the CLI does not depend on service-core.
 */
public final class LocalCacheClear {

    /** How many answers were removed, and what the command says about where. */
    public record Cleared(long count, String note) {
    }

    private static final String CLEAR = "DELETE FROM response_cache WHERE (CAST(? AS text) IS NULL OR run_id = ?)"
            + " AND (CAST(? AS text) IS NULL OR model = ?)";

    private LocalCacheClear() {
    }

    /**
     * Removes the answers run {@code runId} stored, of model {@code model} (either null: any) from the
     * local data of {@code env} ({@code ASSAY_LOCAL_DATA}, docs/cli.md).
     *
     * @throws IllegalStateException when the local data cannot be opened (e.g. another command holds it)
     */
    public static Cleared clear(Map<String, String> env, String runId, String model) {
        Path home = LocalData.home(env);
        if (home == null) {
            return new Cleared(0, LocalData.VARIABLE + "=" + LocalData.TEMPORARY + " keeps no local data, so nothing is cached here");
        }
        if (!Files.isDirectory(home.resolve("postgres"))) {
            return new Cleared(0, "no local data in " + home + " yet, so nothing is cached there");
        }
        EmbeddedInfrastructure.keepPostgresDataIn(home);
        try {
            EmbeddedInfrastructure.postgresJdbcUrl();
            String fallback = EmbeddedInfrastructure.postgresFallbackReason();
            if (fallback != null) {
                throw new IllegalStateException("the local data in " + home + " cannot be opened to clear its cache (" + fallback
                        + "); if an assay command is using it, clear the cache when it has ended, or through its stack with --server URL");
            }
            try (Connection connection = EmbeddedInfrastructure.postgresDataSource().getConnection()) {
                if (!hasTable(connection)) {
                    return new Cleared(0, "the local data in " + home + " holds no response cache yet");
                }
                try (PreparedStatement clear = connection.prepareStatement(CLEAR)) {
                    clear.setString(1, runId);
                    clear.setString(2, runId);
                    clear.setString(3, model);
                    clear.setString(4, model);
                    return new Cleared(clear.executeUpdate(), "from the local data in " + home);
                }
            } catch (SQLException e) {
                throw new IllegalStateException("the response cache in " + home + " could not be cleared: " + e.getMessage(), e);
            }
        } finally {
            EmbeddedInfrastructure.stopPostgres();
        }
    }

    /** The table, with the run column the services' migration V7_1 added (a service of this version migrates it at start). */
    private static boolean hasTable(Connection connection) throws SQLException {
        try (ResultSet columns = connection.getMetaData().getColumns(null, null, "response_cache", "run_id")) {
            return columns.next();
        }
    }
}
