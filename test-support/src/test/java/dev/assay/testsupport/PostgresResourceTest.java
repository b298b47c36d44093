package dev.assay.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.ResultSet;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** The resource hands local-stack's PostgreSQL to the application; the server itself is tested in local-stack. */
class PostgresResourceTest {

    @Test
    void startReturnsTheDatasourceConfigurationForTheApplication() {
        Map<String, String> config = new PostgresResource().start();

        assertThat(config).containsOnlyKeys("quarkus.datasource.db-kind", "quarkus.datasource.jdbc.url",
                "quarkus.datasource.username", "quarkus.datasource.password");
        assertThat(config.get("quarkus.datasource.db-kind")).isEqualTo("postgresql");
        assertThat(config.get("quarkus.datasource.jdbc.url"))
                .matches("jdbc:postgresql://127\\.0\\.0\\.1:\\d+/assay")
                .isEqualTo(PostgresResource.jdbcUrl());
        assertThat(config.get("quarkus.datasource.username")).isEqualTo("assay");
        assertThat(config.get("quarkus.datasource.password")).isEqualTo("assay");
        assertThat(PostgresResource.startupTime()).isPositive();
    }

    @Test
    void dataSourceConnectsAsTheApplicationUser() throws Exception {
        try (Connection connection = PostgresResource.dataSource().getConnection();
             ResultSet result = connection.createStatement().executeQuery("select current_user")) {
            assertThat(result.next()).isTrue();
            assertThat(result.getString(1)).isEqualTo("assay");
        }
    }
}
