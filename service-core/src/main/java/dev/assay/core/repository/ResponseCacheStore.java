package dev.assay.core.repository;

import dev.assay.core.cache.ResponseCache;
import dev.assay.core.config.CacheConfig;
import io.agroal.api.AgroalDataSource;
import io.agroal.api.configuration.supplier.AgroalDataSourceConfigurationSupplier;
import io.agroal.api.security.NamePrincipal;
import io.agroal.api.security.SimplePassword;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import org.jboss.logging.Logger;

import java.sql.SQLException;
import java.time.Duration;

/**
 * Makes the service's {@link ResponseCache}: {@link JdbcResponseCache} over a pool of its own when
 * {@code assay.cache.jdbc-url} is set, {@link ResponseCache#NONE} otherwise.
 */
@ApplicationScoped
public class ResponseCacheStore {

    private static final Logger LOG = Logger.getLogger(ResponseCacheStore.class);
    /** The {@code application_name} of the cache's connections. */
    static final String APPLICATION_NAME = "assay-response-cache";

    private final CacheConfig config;
    private AgroalDataSource pool;
    /** The warm-up's thread, which closing waits for: a pool closed under it would leave its connection open. */
    private volatile Thread warmingUp;

    public ResponseCacheStore(CacheConfig config) {
        this.config = config;
    }

    @Produces
    @Singleton
    ResponseCache responseCache() {
        if (config.jdbcUrl().filter(url -> !url.isBlank()).isEmpty()) {
            LOG.info("no response cache: assay.cache.jdbc-url is not set, so every call goes to the model");
            return ResponseCache.NONE;
        }
        AgroalDataSourceConfigurationSupplier supplier = new AgroalDataSourceConfigurationSupplier()
                .connectionPoolConfiguration(pool -> pool.minSize(0).maxSize(config.maxConnections())
                        .connectionFactoryConfiguration(factory -> {
                            factory.jdbcUrl(config.jdbcUrl().get());
                            // tells this pool's connections from the service's own in pg_stat_activity
                            factory.jdbcProperty("ApplicationName", APPLICATION_NAME);
                            config.username().ifPresent(user -> factory.principal(new NamePrincipal(user)));
                            config.password().ifPresent(password -> factory.credential(new SimplePassword(password)));
                            return factory;
                        }));
        try {
            pool = AgroalDataSource.from(supplier);
        } catch (SQLException e) {
            LOG.warnf("no response cache: its store cannot be opened (%s)", e.getMessage());
            return ResponseCache.NONE;
        }
        return new JdbcResponseCache(pool, config.ttl());
    }

    /** Opens the cache's first connection as the service starts, on a thread of its own: readiness does not wait for it. */
    void warmUp(@Observes StartupEvent event, ResponseCache cache) {
        warmingUp = Thread.ofVirtual().name("assay-response-cache-warm-up").start(cache::warmUp);
    }

    void close(@Disposes ResponseCache cache) {
        Thread warming = warmingUp;
        if (warming != null) {
            try {
                warming.join(Duration.ofSeconds(5));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (pool != null) {
            pool.close();
        }
    }
}
