package dev.assay.core.cache;

import java.util.Optional;

/**
 * Answers of model calls already paid for, shared by every stage and instance (see docs/cache.md).
 * A cache failure never fails a call: implementations log it and answer "not cached".
 */
public interface ResponseCache {

    /** The stored answer for {@code key} when there is one that has not expired (counted as a hit). */
    Optional<CachedResponse> find(String key);

    /**
     * Stores {@code response} under {@code key} unless a live answer is already there: two identical
     * calls in flight may both reach the model, but one key never holds two different answers.
     */
    void putIfAbsent(String key, String model, CachedResponse response);

    CacheStats stats();

    /** Removes every stored answer; returns how many there were. */
    long clear();

    /**
     * Opens what lookups need (a store's connection) ahead of the first one; never fails: a store
     * that cannot be reached now is reported by the first lookup.
     */
    default void warmUp() {
    }

    /** Where no cache store is configured: nothing is found, nothing is kept. */
    ResponseCache NONE = new ResponseCache() {
        @Override
        public Optional<CachedResponse> find(String key) {
            return Optional.empty();
        }

        @Override
        public void putIfAbsent(String key, String model, CachedResponse response) {
        }

        @Override
        public CacheStats stats() {
            return CacheStats.DISABLED;
        }

        @Override
        public long clear() {
            return 0;
        }
    };
}
