package dev.assay.core.repository;

import dev.assay.common.json.Json;
import dev.assay.common.port.UsageMetadata;
import dev.assay.core.cache.CacheStats;
import dev.assay.core.cache.CachedResponse;
import dev.assay.core.cache.ResponseCache;
import org.jboss.logging.Logger;

import javax.sql.DataSource;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The response cache in PostgreSQL's {@code response_cache} table (generation-service's Flyway
 * migration V3), so every stage and every instance shares it. A database error is logged (once
 * until the store works again) and treated as "not cached": the cache never fails a model call.
 */
public final class JdbcResponseCache implements ResponseCache {

    private static final Logger LOG = Logger.getLogger(JdbcResponseCache.class);

    // one statement finds a live answer and counts the hit
    private static final String FIND = "UPDATE response_cache SET hits = hits + 1 WHERE cache_key = ? AND created_at > now() - ?::interval"
            + " RETURNING response, usage";
    // insert-if-absent; an expired answer is the only one ever replaced
    private static final String PUT = "INSERT INTO response_cache (cache_key, model, response, usage, cost_usd, created_at, hits)"
            + " VALUES (?, ?, ?, ?, ?, now(), 0) ON CONFLICT (cache_key) DO UPDATE SET model = excluded.model,"
            + " response = excluded.response, usage = excluded.usage, cost_usd = excluded.cost_usd, created_at = now(), hits = 0"
            + " WHERE response_cache.created_at <= now() - ?::interval";
    private static final String STATS = "SELECT count(*), coalesce(sum(hits), 0), coalesce(sum(hits * cost_usd), 0) FROM response_cache";

    private final DataSource dataSource;
    private final String ttl;
    private final AtomicBoolean failing = new AtomicBoolean();

    public JdbcResponseCache(DataSource dataSource, Duration ttl) {
        if (ttl.isNegative() || ttl.isZero()) {
            throw new IllegalArgumentException("assay.cache.ttl must be positive, got " + ttl);
        }
        this.dataSource = dataSource;
        this.ttl = ttl.toMillis() + " milliseconds";
    }

    @Override
    public Optional<CachedResponse> find(String key) {
        try (Connection connection = dataSource.getConnection(); PreparedStatement find = connection.prepareStatement(FIND)) {
            find.setString(1, key);
            find.setString(2, ttl);
            try (ResultSet row = find.executeQuery()) {
                worked();
                if (!row.next()) {
                    return Optional.empty();
                }
                return Optional.of(new CachedResponse(row.getString(1), Json.read(row.getString(2), UsageMetadata.class)));
            }
        } catch (SQLException | RuntimeException e) {
            failed("read", e);
            return Optional.empty();
        }
    }

    @Override
    public void putIfAbsent(String key, String model, CachedResponse response) {
        try (Connection connection = dataSource.getConnection(); PreparedStatement put = connection.prepareStatement(PUT)) {
            put.setString(1, key);
            put.setString(2, model);
            put.setString(3, response.content());
            put.setString(4, Json.write(response.usage()));
            put.setBigDecimal(5, response.usage().costUsd());
            put.setString(6, ttl);
            put.executeUpdate();
            worked();
        } catch (SQLException | RuntimeException e) {
            failed("write", e);
        }
    }

    @Override
    public CacheStats stats() {
        try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement();
             ResultSet row = statement.executeQuery(STATS)) {
            row.next();
            BigDecimal saved = row.getBigDecimal(3);
            return new CacheStats(true, row.getLong(1), row.getLong(2), saved == null ? BigDecimal.ZERO : saved);
        } catch (SQLException e) {
            throw new IllegalStateException("the response cache's store cannot be read: " + e.getMessage(), e);
        }
    }

    @Override
    public long clear() {
        try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
            return statement.executeUpdate("DELETE FROM response_cache");
        } catch (SQLException e) {
            throw new IllegalStateException("the response cache's store cannot be cleared: " + e.getMessage(), e);
        }
    }

    private void worked() {
        if (failing.compareAndSet(true, false)) {
            LOG.info("the response cache's store works again");
        }
    }

    private void failed(String what, Exception e) {
        if (failing.compareAndSet(false, true)) {
            LOG.warnf("the response cache's store could not %s (%s); calls go to the models until it can", what, e.getMessage());
        }
    }
}
