package dev.assay.core.llm;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;

/** How model calls are retried and repaired. Per-model limits (timeout, concurrency) live in the model config. */
@ConfigMapping(prefix = "assay.llm")
public interface LlmSettings {

    /**
     * Attempts per call, the first included, for errors worth retrying (timeouts, 5xx, connection
     * errors). A 429 does not count against them: refusals are bounded by {@link #maxRateLimitWait()}.
     */
    @WithDefault("3")
    int maxAttempts();

    /** Backoff before the second attempt; doubled for each further attempt, with jitter. */
    @WithDefault("500ms")
    Duration initialBackoff();

    @WithDefault("20s")
    Duration maxBackoff();

    /** A provider's Retry-After is honoured up to this long. */
    @WithDefault("60s")
    Duration maxRetryAfter();

    /**
     * The longest one call is held by its model's rate limits in all (Retry-Afters and the backoff
     * after 429s); past it the call fails as {@code rate_limited}. This time is not charged to the
     * model's {@code timeout}.
     */
    @WithDefault("10m")
    Duration maxRateLimitWait();

    /** Extra rounds in which a judge is shown why its JSON was unusable and asked again. */
    @WithDefault("1")
    int repairAttempts();
}
