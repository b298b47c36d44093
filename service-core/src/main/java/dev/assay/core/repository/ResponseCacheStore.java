package dev.assay.core.repository;

import dev.assay.core.cache.ResponseCache;
import dev.assay.core.config.CacheConfig;
import io.agroal.api.AgroalDataSource;
import io.agroal.api.configuration.supplier.AgroalDataSourceConfigurationSupplier;
import io.agroal.api.security.NamePrincipal;
import io.agroal.api.security.SimplePassword;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import org.jboss.logging.Logger;

import java.sql.SQLException;

/**
 * Makes the service's {@link ResponseCache}: {@link JdbcResponseCache} over a pool of its own when
 * {@code assay.cache.jdbc-url} is set, {@link ResponseCache#NONE} otherwise.
 */
@ApplicationScoped
public class ResponseCacheStore {

    private static final Logger LOG = Logger.getLogger(ResponseCacheStore.class);

    private final CacheConfig config;
    private AgroalDataSource pool;

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

    void close(@Disposes ResponseCache cache) {
        if (pool != null) {
            pool.close();
        }
    }
}
