package dev.assay.generation.rest;

import dev.assay.common.pipeline.Topics;
import dev.assay.generation.DeadLetterReplay;
import dev.assay.generation.service.DeadLetterReplayException;
import dev.assay.generation.service.DeadLetters;
import io.smallrye.common.annotation.Blocking;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

import java.util.Optional;

/**
 * {@code POST /api/dlq/replay}: sends the records in {@code assay.dlq} back to the topics they were
 * dead-lettered from, for after the cause is fixed (docs/api.md; {@code assay dlq replay}). A
 * deployed cluster's broker is not reachable from where the CLI runs; this service's is.
 */
@Path("/api/dlq")
@Tag(name = "dead letters", description = "Replay records the pipeline dead-lettered")
public class DeadLetterResource {

    private final DeadLetters deadLetters;

    public DeadLetterResource(DeadLetters deadLetters) {
        this.deadLetters = deadLetters;
    }

    @POST
    @Path("/replay")
    @Blocking
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Replay dead-lettered records",
            description = "Re-publishes each record of assay.dlq that no earlier replay passed, unchanged (key, value, "
                    + "headers other than dead-letter-*), to the topic named by its dead-letter-topic header, and answers "
                    + "once the broker acknowledged them all. Replaying twice stores nothing twice: results are upserted "
                    + "by result_id and stage outputs keyed by deterministic ids.")
    @APIResponse(responseCode = "200", description = "Replayed",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = DeadLetterReplay.class)))
    @APIResponse(responseCode = "400", description = "topic is blank or the dead-letter topic itself",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ErrorBody.class)))
    @APIResponse(responseCode = "503", description = "The broker could not be used; nothing was marked as replayed",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ErrorBody.class)))
    public Response replay(
            @Parameter(description = "replay only the records dead-lettered from this topic (e.g. assay.results); "
                    + "the others are passed over") @QueryParam("topic") String topic,
            @Parameter(description = "replay every record in assay.dlq, including those earlier replays passed")
            @QueryParam("from_beginning") @DefaultValue("false") boolean fromBeginning) {
        if (topic != null && (topic.isBlank() || Topics.DLQ.equals(topic))) {
            return json(Response.Status.BAD_REQUEST, ErrorBody.of("topic: \"" + topic + "\" is not a topic records are "
                    + "dead-lettered from; give the original topic, e.g. " + Topics.RESULTS));
        }
        return Response.ok(deadLetters.replay(Optional.ofNullable(topic), fromBeginning)).type(MediaType.APPLICATION_JSON_TYPE).build();
    }

    @ServerExceptionMapper
    public Response failed(DeadLetterReplayException e) {
        return json(Response.Status.SERVICE_UNAVAILABLE, ErrorBody.of(e.getMessage()));
    }

    private static Response json(Response.Status status, ErrorBody body) {
        return Response.status(status).type(MediaType.APPLICATION_JSON_TYPE).entity(body).build();
    }
}
