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
     *
     * @param model the model's canonical key, and {@code runId} the run that paid for the answer
     *              ({@code null}: none), kept with the entry so a model's or a run's entries can be cleared
     */
    void putIfAbsent(String key, String model, String runId, CachedResponse response);

    /** Like {@link #putIfAbsent(String, String, String, CachedResponse)}, for no run. */
    default void putIfAbsent(String key, String model, CachedResponse response) {
        putIfAbsent(key, model, null, response);
    }

    /**
     * Removes the answer under {@code key} if it is {@code response}: one served from the cache that its
     * stage then found unusable, so the next call asks the model again. Like a lookup, it never fails the call.
     */
    void evict(String key, String response);

    CacheStats stats();

    /** Removes every stored answer; returns how many there were. */
    default long clear() {
        return clear(null, null);
    }

    /**
     * Removes the answers stored for run {@code runId} and of model {@code model} (its canonical key),
     * either {@code null} meaning any; returns how many there were. Entries stored before answers
     * carried their run have none, so only a clear without a run removes them.
     */
    long clear(String runId, String model);

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
        public void putIfAbsent(String key, String model, String runId, CachedResponse response) {
        }

        @Override
        public void evict(String key, String response) {
        }

        @Override
        public CacheStats stats() {
            return CacheStats.DISABLED;
        }

        @Override
        public long clear(String runId, String model) {
            return 0;
        }
    };
}
