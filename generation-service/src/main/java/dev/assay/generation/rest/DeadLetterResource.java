package dev.assay.generation.rest;

import dev.assay.common.pipeline.Topics;
import dev.assay.generation.DeadLetter;
import dev.assay.generation.DeadLetterPage;
import dev.assay.generation.DeadLetterReplay;
import dev.assay.generation.service.DeadLetterReplayException;
import dev.assay.generation.service.DeadLetters;
import io.smallrye.common.annotation.Blocking;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
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
 * {@code GET /api/dead-letters} and {@code GET /api/dead-letters/{partition}/{offset}}: the records in
 * {@code assay.dlq}, listed and read; {@code POST /api/dlq/replay}: sends them back to the topics they
 * were dead-lettered from, for after the cause is fixed (docs/api.md; {@code assay dlq list|show|replay}).
 * A deployed cluster's broker is not reachable from where the CLI runs; this service's is.
 */
@Path("/api")
@Tag(name = "dead letters", description = "List, read and replay records the pipeline dead-lettered")
public class DeadLetterResource {

    private final DeadLetters deadLetters;

    public DeadLetterResource(DeadLetters deadLetters) {
        this.deadLetters = deadLetters;
    }

    /** The most dead letters one list shows. */
    static final int MAX_LIMIT = 1000;

    @GET
    @Path("/dead-letters")
    @Blocking
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "List dead letters",
            description = "The newest records of assay.dlq (oldest of them first), each with its place, time, reason, origin "
                    + "(topic, partition, offset), key, size, a readable start of its value and the replays it failed again "
                    + "after. Reads the topic with a consumer of no group: it commits nothing.")
    @APIResponse(responseCode = "200", description = "The dead letters",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = DeadLetterPage.class)))
    @APIResponse(responseCode = "400", description = "topic is blank or limit is out of range",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ErrorBody.class)))
    @APIResponse(responseCode = "503", description = "The broker could not be used",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ErrorBody.class)))
    public Response list(
            @Parameter(description = "only records dead-lettered from this topic (e.g. assay.jobs)") @QueryParam("topic") String topic,
            @Parameter(description = "the newest this many (1 to 1000)") @QueryParam("limit") @DefaultValue("50") int limit) {
        if (notAnOrigin(topic)) {
            return refusedTopic(topic);
        }
        if (limit < 1 || limit > MAX_LIMIT) {
            return json(Response.Status.BAD_REQUEST, ErrorBody.of("limit: must be between 1 and " + MAX_LIMIT + ", got " + limit));
        }
        return Response.ok(deadLetters.list(Optional.ofNullable(topic), limit)).type(MediaType.APPLICATION_JSON_TYPE).build();
    }

    @GET
    @Path("/dead-letters/{partition}/{offset}")
    @Blocking
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Read one dead letter",
            description = "The record at this partition and offset of assay.dlq, whole: as listed, plus its value (UTF-8 "
                    + "text, or base64 when it is not UTF-8) and every header.")
    @APIResponse(responseCode = "200", description = "The dead letter",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = DeadLetter.class)))
    @APIResponse(responseCode = "404", description = "No record there",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ErrorBody.class)))
    @APIResponse(responseCode = "503", description = "The broker could not be used",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ErrorBody.class)))
    public Response show(@PathParam("partition") int partition, @PathParam("offset") long offset) {
        return deadLetters.find(partition, offset)
                .map(letter -> Response.ok(letter).type(MediaType.APPLICATION_JSON_TYPE).build())
                .orElseGet(() -> json(Response.Status.NOT_FOUND, ErrorBody.of("no dead letter at " + partition + ":" + offset
                        + " of " + Topics.DLQ + "; GET /api/dead-letters lists where they are")));
    }

    @POST
    @Path("/dlq/replay")
    @Blocking
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Replay dead-lettered records",
            description = "Re-publishes each record of assay.dlq that no earlier replay passed, unchanged (key, value, "
                    + "headers other than dead-letter-*), to the topic named by its dead-letter-topic header, and answers "
                    + "once the broker acknowledged them all. Each replayed record carries assay-replay-count; one that "
                    + "fails again is dead-lettered with it and passed over by later replays unless include_failed_replays. "
                    + "Replaying twice stores nothing twice: results are upserted by result_id and stage outputs keyed by "
                    + "deterministic ids.")
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
            @QueryParam("from_beginning") @DefaultValue("false") boolean fromBeginning,
            @Parameter(description = "also replay records that failed again after an earlier replay")
            @QueryParam("include_failed_replays") @DefaultValue("false") boolean includeFailedReplays) {
        if (notAnOrigin(topic)) {
            return refusedTopic(topic);
        }
        return Response.ok(deadLetters.replay(Optional.ofNullable(topic), fromBeginning, includeFailedReplays))
                .type(MediaType.APPLICATION_JSON_TYPE).build();
    }

    @ServerExceptionMapper
    public Response failed(DeadLetterReplayException e) {
        return json(Response.Status.SERVICE_UNAVAILABLE, ErrorBody.of(e.getMessage()));
    }

    /** A topic given that records cannot have been dead-lettered from: blank, or the dead-letter topic itself. */
    private static boolean notAnOrigin(String topic) {
        return topic != null && (topic.isBlank() || Topics.DLQ.equals(topic));
    }

    private static Response refusedTopic(String topic) {
        return json(Response.Status.BAD_REQUEST, ErrorBody.of("topic: \"" + topic + "\" is not a topic records are "
                + "dead-lettered from; give the original topic, e.g. " + Topics.RESULTS));
    }

    private static Response json(Response.Status status, ErrorBody body) {
        return Response.status(status).type(MediaType.APPLICATION_JSON_TYPE).entity(body).build();
    }
}
