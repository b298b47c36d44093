package dev.assay.core.cache;

import dev.assay.common.port.UsageMetadata;

/** A model's answer as stored in the response cache, with the usage of the call that produced it. */
public record CachedResponse(String content, UsageMetadata usage) {
    public CachedResponse {
        if (content == null) {
            throw new IllegalArgumentException("cached response: content is required");
        }
        usage = usage == null ? UsageMetadata.EMPTY : usage;
    }
}
