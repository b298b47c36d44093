package dev.assay.local.rest;

import dev.assay.core.messaging.StageDrain;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.time.Duration;
import java.util.Map;

/**
 * {@code POST /api/local/drain}: the local stack's service stops its work but keeps answering (docs/cli.md,
 * "Interrupting a run"). {@code assay run} asks for it on Ctrl-C before it reads the results so far: no
 * record and no model call starts any more, the calls in flight get up to {@code assay.shutdown.drain-timeout}
 * (which the local stack sets to 2 s), and the answer comes once every result that will be stored is stored,
 * so the partial reports read them all. A stage stopped this way does not start again: the stack is stopped next.
 */
@Path("/api/local/drain")
public class DrainResource {

    private final StageDrain drain;
    private final Duration timeout;

    public DrainResource(StageDrain drain, @ConfigProperty(name = "assay.shutdown.drain-timeout", defaultValue = "30s") Duration timeout) {
        this.drain = drain;
        this.timeout = timeout;
    }

    /** {@code finished}: every record in flight finished (false: some were abandoned, their results not stored). */
    @POST
    @Produces(MediaType.APPLICATION_JSON)
    public Map<String, Object> drain() {
        boolean finished = drain.drain(timeout);
        return Map.of("finished", finished, "in_flight", drain.inFlight());
    }
}
