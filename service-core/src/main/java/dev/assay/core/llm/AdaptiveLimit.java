package dev.assay.core.llm;

import java.util.OptionalInt;
import java.util.concurrent.Semaphore;

/**
 * One model's concurrency limit, adapted to its 429s (docs/messaging.md, "Deadlines, retries and
 * rate limits"): additive increase, multiplicative decrease. A 429 halves the limit (never below 1);
 * as many successes in a row as the limit allows (one "round" of calls at that limit) raise it by
 * one, up to the model's {@code max_concurrency}. Fewer calls in flight while the provider refuses
 * means fewer of them queue at the Retry-After and hit it together again when it passes.
 *
 * <p>The permits are a fair semaphore whose total is the current limit: a decrease takes permits
 * away (the count may go below zero until calls in flight return theirs), an increase adds one.
 * Only the first 429 of a round counts: the calls that were sent under the old limit and are
 * refused with it do not halve it again. A round is identified by {@link #round()}, read when an
 * attempt takes its permit.
 */
final class AdaptiveLimit {

    private final int max;
    private final Permits permits;
    private int limit;
    private int successes;
    private long round;

    AdaptiveLimit(int max) {
        if (max < 1) {
            throw new IllegalArgumentException("max_concurrency must be at least 1, was " + max);
        }
        this.max = max;
        this.limit = max;
        this.permits = new Permits(max);
    }

    Semaphore permits() {
        return permits;
    }

    int max() {
        return max;
    }

    synchronized int limit() {
        return limit;
    }

    /** The round the limit is in; it changes whenever the limit does. */
    synchronized long round() {
        return round;
    }

    /**
     * An attempt taken in {@code attemptRound} was refused with a 429: halves the limit, unless it
     * has changed since that attempt took its permit. The new limit, when it changed.
     */
    synchronized OptionalInt rateLimited(long attemptRound) {
        successes = 0;
        if (attemptRound != round || limit == 1) {
            return OptionalInt.empty();
        }
        int lower = Math.max(1, limit / 2);
        permits.take(limit - lower);
        return changedTo(lower);
    }

    /** An attempt succeeded: after a round of successes the limit grows by one. The new limit, when it changed. */
    synchronized OptionalInt succeeded() {
        if (limit >= max) {
            return OptionalInt.empty();
        }
        if (++successes < limit) {
            return OptionalInt.empty();
        }
        permits.release();
        return changedTo(limit + 1);
    }

    private OptionalInt changedTo(int newLimit) {
        limit = newLimit;
        successes = 0;
        round++;
        return OptionalInt.of(newLimit);
    }

    /** A fair semaphore whose permits can be taken away (Semaphore's own reducePermits is protected). */
    private static final class Permits extends Semaphore {

        Permits(int permits) {
            super(permits, true);
        }

        void take(int count) {
            reducePermits(count);
        }
    }
}
