package dev.assay.generation.rest;

import dev.assay.core.cache.CacheStats;
import dev.assay.core.cache.ResponseCache;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;

import java.util.Map;

/** The response cache shared by every stage (docs/cache.md): what it holds, and emptying it. */
@Path("/api/cache")
@Produces(MediaType.APPLICATION_JSON)
public class CacheResource {

    private final ResponseCache cache;

    public CacheResource(ResponseCache cache) {
        this.cache = cache;
    }

    @GET
    @Operation(summary = "Entries, hits and what the hits saved; enabled is false when this service has no cache store")
    public CacheStats stats() {
        return cache.stats();
    }

    @DELETE
    @Operation(summary = "Remove every cached answer; the next calls go to the models")
    public Map<String, Long> clear() {
        return Map.of("cleared", cache.clear());
    }
}
