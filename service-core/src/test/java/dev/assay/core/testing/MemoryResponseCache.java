package dev.assay.core.testing;

import dev.assay.core.cache.CacheStats;
import dev.assay.core.cache.CachedResponse;
import dev.assay.core.cache.ResponseCache;

import java.math.BigDecimal;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The response cache's contract in memory, for the stages' unit tests of what is cached under which
 * key (docs/cache.md); the PostgreSQL store is tested against a real database (ResponseCacheStoreTest).
 */
public final class MemoryResponseCache implements ResponseCache {

    /** A stored answer with what it is stored for. */
    public record Stored(String model, String runId, CachedResponse response) {
    }

    private final Map<String, Stored> entries = new ConcurrentHashMap<>();

    /** What is stored now, by key. */
    public Map<String, Stored> entries() {
        return Map.copyOf(entries);
    }

    @Override
    public Optional<CachedResponse> find(String key) {
        return Optional.ofNullable(entries.get(key)).map(Stored::response);
    }

    @Override
    public void putIfAbsent(String key, String model, String runId, CachedResponse response) {
        entries.putIfAbsent(key, new Stored(model, runId, response));
    }

    @Override
    public void evict(String key, String response) {
        entries.computeIfPresent(key, (k, stored) -> stored.response().content().equals(response) ? null : stored);
    }

    @Override
    public CacheStats stats() {
        return new CacheStats(true, entries.size(), 0, BigDecimal.ZERO);
    }

    @Override
    public long clear(String runId, String model) {
        long before = entries.size();
        entries.values().removeIf(stored -> (runId == null || runId.equals(stored.runId()))
                && (model == null || model.equals(stored.model())));
        return before - entries.size();
    }
}
