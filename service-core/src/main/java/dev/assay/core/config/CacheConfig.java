package dev.assay.core.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;
import java.util.Optional;

/**
 * Where the response cache is stored (docs/cache.md). Without a JDBC URL this service has no cache:
 * every call goes to the model, whatever the run's {@code cache} setting.
 */
@ConfigMapping(prefix = "assay.cache")
public interface CacheConfig {

    /** The PostgreSQL database holding the {@code response_cache} table (generation-service's). */
    Optional<String> jdbcUrl();

    Optional<String> username();

    Optional<String> password();

    /** How long a stored answer is served; an older one is called again and replaced. */
    @WithDefault("30d")
    Duration ttl();

    /** Connections this service keeps to the cache's database. */
    @WithDefault("4")
    int maxConnections();
}
