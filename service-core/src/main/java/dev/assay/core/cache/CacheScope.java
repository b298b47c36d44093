package dev.assay.core.cache;

import dev.assay.common.pipeline.VerificationJob;
import dev.assay.common.run.CacheMode;

/**
 * How one record's model calls use the response cache: the run's mode and the job's replicate,
 * which is part of every key so replicates never collapse into one cached answer.
 */
public record CacheScope(CacheMode mode, int replicate) {

    /** No cache: every call goes to the model. */
    public static final CacheScope OFF = new CacheScope(CacheMode.OFF, 1);

    /** The scope of every call made for {@code job}, in any stage. */
    public static CacheScope of(VerificationJob job) {
        return new CacheScope(job.settings().effectiveCache(), job.replicate());
    }

    public CacheScope {
        mode = mode == null ? CacheMode.READ_WRITE : mode;
        if (replicate < 1) {
            throw new IllegalArgumentException("cache scope: replicate starts at 1, got " + replicate);
        }
    }
}
