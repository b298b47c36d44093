package dev.assay.core.cache;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import java.math.BigDecimal;

/**
 * What the response cache holds.
 *
 * @param entries    stored answers, expired ones included until they are replaced or cleared
 * @param hits       calls answered from the cache since the entries were stored
 * @param savedUsd   what those hits would have cost again, as far as the original calls had a cost
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record CacheStats(boolean enabled, long entries, long hits, BigDecimal savedUsd) {

    public static final CacheStats DISABLED = new CacheStats(false, 0, 0, BigDecimal.ZERO);
}
