package dev.assay.cli.report;

import com.fasterxml.jackson.databind.JsonNode;

import java.math.BigDecimal;
import java.util.List;

/**
 * What the response cache did for a run (docs/cache.md): of its model calls, how many the cache
 * answered, and what they would have cost, summed over the cached calls whose model has prices
 * ({@code saved_usd} of each call: the original call's cost).
 *
 * @param saved null when no cached call's model has prices
 */
public record CacheSavings(int calls, int cached, int priced, BigDecimal saved) {

    public static CacheSavings of(List<JsonNode> results) {
        int calls = 0;
        int cached = 0;
        int priced = 0;
        BigDecimal saved = null;
        for (JsonNode result : results) {
            for (JsonNode call : result.path("calls")) {
                calls++;
                if (call.path("cached").asBoolean()) {
                    cached++;
                    if (call.hasNonNull("saved_usd")) {
                        priced++;
                        saved = (saved == null ? BigDecimal.ZERO : saved).add(call.get("saved_usd").decimalValue());
                    }
                }
            }
        }
        return new CacheSavings(calls, cached, priced, saved);
    }

    /** One sentence, or "" when the cache answered nothing. */
    public String sentence() {
        if (cached == 0) {
            return "";
        }
        String saving = saved == null ? "not paid again; no model has prices to say what that saved"
                : "saving " + Figures.cost(saved) + (priced == cached ? "" : " (of the " + priced + " whose model has prices)");
        return cached + " of " + calls + " model calls served from the response cache, " + saving;
    }
}
