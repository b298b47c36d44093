package dev.assay.core.repository;

import dev.assay.core.cache.ResponseCache;
import dev.assay.core.config.CacheConfig;
import dev.assay.testsupport.Eventually;
import dev.assay.testsupport.PostgresResource;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The response cache's pool, against a real PostgreSQL server: its first connection is opened as the
 * service starts, not by the first lookup of a run (which, on a busy machine, waited up to 0.9 s for it).
 * The cache's statements themselves are tested on generation-service's table (its ResponseCacheStoreTest).
 */
class ResponseCacheStoreTest {

    @Test
    void theFirstConnectionIsOpenedAtStartNotByTheFirstLookup() {
        ResponseCacheStore store = new ResponseCacheStore(new CacheAt(PostgresResource.jdbcUrl()));
        ResponseCache cache = store.responseCache();
        try {
            assertThat(cacheConnections()).as("creating the pool opens nothing").isZero();

            store.warmUp(null, cache);

            Eventually.await(Duration.ofSeconds(10), ResponseCacheStoreTest::cacheConnections, n -> n == 1,
                    "the warm-up to open one connection of the cache's pool");
        } finally {
            store.close(cache);
        }
        Eventually.await(Duration.ofSeconds(10), ResponseCacheStoreTest::cacheConnections, n -> n == 0, "the pool to close");
    }

    @Test
    void aWarmUpThatCannotReachTheStoreFailsNothing() {
        ResponseCacheStore store = new ResponseCacheStore(new CacheAt("jdbc:postgresql://127.0.0.1:1/assay"));
        ResponseCache unreachable = store.responseCache();
        try {
            unreachable.warmUp(); // on the caller's thread here: it must not throw
            assertThat(unreachable.find("k")).as("the lookup finds nothing and the call goes to the model").isEmpty();
        } finally {
            store.close(unreachable);
        }
    }

    /** Connections of the cache's pools open now, told from others by their application name. */
    private static long cacheConnections() {
        try (Connection connection = PostgresResource.dataSource().getConnection();
             PreparedStatement count = connection.prepareStatement("SELECT count(*) FROM pg_stat_activity WHERE application_name = ?")) {
            count.setString(1, ResponseCacheStore.APPLICATION_NAME);
            try (ResultSet row = count.executeQuery()) {
                row.next();
                return row.getLong(1);
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private record CacheAt(String url) implements CacheConfig {
        @Override
        public Optional<String> jdbcUrl() {
            return Optional.of(url);
        }

        @Override
        public Optional<String> username() {
            return Optional.of(PostgresResource.username());
        }

        @Override
        public Optional<String> password() {
            return Optional.of(PostgresResource.password());
        }

        @Override
        public Duration ttl() {
            return Duration.ofDays(1);
        }

        @Override
        public int maxConnections() {
            return 2;
        }
    }
}
