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
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The response cache in PostgreSQL's {@code response_cache} table (generation-service's Flyway
 * migrations V3 and V7_1, which added each entry's run), so every stage and every instance shares
 * it. Lookups and writes of concurrent calls are grouped into one statement each ({@link GroupedCalls}).
 * A database error is logged (once until the store works again) and treated as "not cached": the
 * cache never fails a model call.
 */
public final class JdbcResponseCache implements ResponseCache {

    private static final Logger LOG = Logger.getLogger(JdbcResponseCache.class);

    // One statement finds the live answers of every key asked meanwhile and counts their hits (a key asked
    // twice counts twice). The keys travel as one array, so the statement's text is always the same.
    private static final String FIND = "UPDATE response_cache c SET hits = c.hits + k.n"
            + " FROM (SELECT key, count(*) AS n FROM unnest(?) AS u(key) GROUP BY key) k"
            + " WHERE c.cache_key = k.key AND c.created_at > now() - CAST(? AS interval)"
            + " RETURNING c.cache_key, c.response, c.usage";
    // insert-if-absent for every answer written meanwhile; an expired answer is the only one ever replaced
    private static final String PUT = "INSERT INTO response_cache (cache_key, model, run_id, response, usage, cost_usd, created_at, hits)"
            + " SELECT p.cache_key, p.model, p.run_id, p.response, p.usage, CAST(p.cost_usd AS numeric), now(), 0"
            + " FROM unnest(?, ?, ?, ?, ?, ?) AS p(cache_key, model, run_id, response, usage, cost_usd)"
            + " ON CONFLICT (cache_key) DO UPDATE SET model = excluded.model, run_id = excluded.run_id,"
            + " response = excluded.response, usage = excluded.usage, cost_usd = excluded.cost_usd, created_at = now(), hits = 0"
            + " WHERE response_cache.created_at <= now() - CAST(? AS interval)";
    /** The most keys one statement looks up or writes. */
    private static final int MAX_BATCH = 256;
    // NULL for "any": one statement for every combination of --run and --model
    private static final String CLEAR = "DELETE FROM response_cache WHERE (CAST(? AS text) IS NULL OR run_id = ?)"
            + " AND (CAST(? AS text) IS NULL OR model = ?)";
    private static final String STATS = "SELECT count(*), coalesce(sum(hits), 0), coalesce(sum(hits * cost_usd), 0) FROM response_cache";

    private final DataSource dataSource;
    private final String ttl;
    private final AtomicBoolean failing = new AtomicBoolean();
    private final GroupedCalls<String, Optional<CachedResponse>> finds = new GroupedCalls<>(MAX_BATCH, this::findAll);
    private final GroupedCalls<Entry, Void> puts = new GroupedCalls<>(MAX_BATCH, this::putAll);

    public JdbcResponseCache(DataSource dataSource, Duration ttl) {
        if (ttl.isNegative() || ttl.isZero()) {
            throw new IllegalArgumentException("assay.cache.ttl must be positive, got " + ttl);
        }
        this.dataSource = dataSource;
        this.ttl = ttl.toMillis() + " milliseconds";
    }

    @Override
    public Optional<CachedResponse> find(String key) {
        try {
            return finds.call(key);
        } catch (RuntimeException e) {
            failed("read", e);
            return Optional.empty();
        }
    }

    @Override
    public void putIfAbsent(String key, String model, String runId, CachedResponse response) {
        try {
            puts.call(new Entry(key, model, runId, response));
        } catch (RuntimeException e) {
            failed("write", e);
        }
    }

    /**
     * Opens a connection and looks up no key on it: the first lookups of a run then find a connection
     * waiting whose server process knows the table. Opened by them instead, while a large run's first
     * second kept both cores busy (publishing and decoding its jobs), the first lookup waited 0.3-0.9 s
     * for it (docs/performance.md, session 12).
     */
    @Override
    public void warmUp() {
        try {
            findAll(List.of());
        } catch (RuntimeException e) {
            LOG.debugf("the response cache's store could not be opened ahead of the first lookup (%s)", e.getMessage());
        }
    }

    private List<Optional<CachedResponse>> findAll(List<String> keys) {
        Map<String, CachedResponse> found = new HashMap<>();
        try (Connection connection = dataSource.getConnection(); PreparedStatement find = connection.prepareStatement(FIND)) {
            find.setArray(1, connection.createArrayOf("text", keys.toArray()));
            find.setString(2, ttl);
            try (ResultSet rows = find.executeQuery()) {
                while (rows.next()) {
                    found.put(rows.getString(1), new CachedResponse(rows.getString(2), Json.read(rows.getString(3), UsageMetadata.class)));
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
        worked();
        return keys.stream().map(key -> Optional.ofNullable(found.get(key))).toList();
    }

    private List<Void> putAll(List<Entry> entries) {
        // the first answer of a key written meanwhile is the one kept, as if written first;
        // one statement may not insert a key twice
        Map<String, Entry> first = new LinkedHashMap<>();
        entries.forEach(entry -> first.putIfAbsent(entry.key(), entry));
        int size = first.size();
        String[] keys = new String[size], models = new String[size], runs = new String[size], responses = new String[size],
                usages = new String[size], costs = new String[size];
        int i = 0;
        for (Entry entry : first.values()) {
            UsageMetadata usage = entry.response().usage();
            keys[i] = entry.key();
            models[i] = entry.model();
            runs[i] = entry.runId();
            responses[i] = entry.response().content();
            usages[i] = Json.write(usage);
            costs[i++] = usage.costUsd() == null ? null : usage.costUsd().toPlainString();
        }
        try (Connection connection = dataSource.getConnection(); PreparedStatement put = connection.prepareStatement(PUT)) {
            int position = 1;
            for (String[] column : List.of(keys, models, runs, responses, usages, costs)) {
                put.setArray(position++, connection.createArrayOf("text", column));
            }
            put.setString(position, ttl);
            put.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
        worked();
        return Collections.nCopies(entries.size(), null);
    }

    private record Entry(String key, String model, String runId, CachedResponse response) {
    }

    /** One statement per eviction: rare (an answer served from the cache that its stage found unusable). */
    @Override
    public void evict(String key, String response) {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement delete = connection.prepareStatement("DELETE FROM response_cache WHERE cache_key = ? AND response = ?")) {
            delete.setString(1, key);
            delete.setString(2, response);
            delete.executeUpdate();
            worked();
        } catch (SQLException e) {
            failed("evict an unusable answer", e);
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
    public long clear(String runId, String model) {
        try (Connection connection = dataSource.getConnection(); PreparedStatement clear = connection.prepareStatement(CLEAR)) {
            clear.setString(1, runId);
            clear.setString(2, runId);
            clear.setString(3, model);
            clear.setString(4, model);
            return clear.executeUpdate();
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
