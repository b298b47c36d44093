package dev.assay.generation.rest;

import dev.assay.core.cache.CacheStats;
import dev.assay.core.cache.ResponseCache;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;

import java.util.Map;

/** The response cache shared by every stage (docs/cache.md): what it holds, and emptying it (all of it, a run's or a model's). */
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
    @Operation(summary = "Remove cached answers: every one, or those a run stored, or a model's; the next such calls go to the models",
            description = "run and model together remove the answers of that model the run stored. Answers stored before "
                    + "entries carried their run have none: only a clear without run removes them.")
    public Map<String, Long> clear(@Parameter(description = "only the answers this run stored (paid for)") @QueryParam("run") String run,
                                   @Parameter(description = "only this model's answers, by its canonical key (interface:model, "
                                           + "interface:model:id)") @QueryParam("model") String model) {
        return Map.of("cleared", cache.clear(blankAsNull(run), blankAsNull(model)));
    }

    private static String blankAsNull(String value) {
        return value == null || value.isBlank() ? null : value.strip();
    }
}
