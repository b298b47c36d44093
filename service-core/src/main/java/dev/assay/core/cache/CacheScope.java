package dev.assay.core.cache;

import dev.assay.common.pipeline.VerificationJob;
import dev.assay.common.run.CacheMode;

/**
 * How one record's model calls use the response cache: the run's mode, the job's replicate and the
 * sample within the job, which are part of every key so distinct samples never collapse into one
 * cached answer, and the run the entries are stored for (not part of the key: it lets
 * {@code assay cache clear --run} find a run's entries). See docs/cache.md, "What makes two calls the same".
 *
 * @param sample which of a job's repeated samples a call is ({@code null}: the job's one sample), e.g. a
 *               multi-run prompt's repetition or a multi-variable prompt's turn
 * @param runId  the run whose call it is; {@code null} when there is none (stored without a run)
 */
public record CacheScope(CacheMode mode, int replicate, String sample, String runId) {

    /** No cache: every call goes to the model. */
    public static final CacheScope OFF = new CacheScope(CacheMode.OFF, 1);

    /** The scope of every call made for {@code job}, in any stage. */
    public static CacheScope of(VerificationJob job) {
        return new CacheScope(job.settings().effectiveCache(), job.replicate(), null, job.runId());
    }

    public CacheScope(CacheMode mode, int replicate) {
        this(mode, replicate, null, null);
    }

    public CacheScope {
        mode = mode == null ? CacheMode.READ_WRITE : mode;
        if (replicate < 1) {
            throw new IllegalArgumentException("cache scope: replicate starts at 1, got " + replicate);
        }
        if (sample != null && sample.isBlank()) {
            throw new IllegalArgumentException("cache scope: a sample is named, got a blank name; use null for the job's one sample");
        }
    }

    /** This scope for the sample {@code name} within the job's (appended to this scope's sample, if any). */
    public CacheScope withSample(String name) {
        return new CacheScope(mode, replicate, sample == null ? name : sample + "/" + name, runId);
    }
}
