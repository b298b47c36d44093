package dev.assay.generation.rest;

import dev.assay.common.pipeline.ResultStatus;
import dev.assay.common.run.CacheMode;
import dev.assay.common.text.Suggestions;
import dev.assay.generation.ResultFilter;
import dev.assay.generation.ResultChanges;
import dev.assay.generation.ResultIds;
import dev.assay.generation.ResultPage;
import dev.assay.generation.RunMatrix;
import dev.assay.generation.RunPage;
import dev.assay.generation.RunRequeued;
import dev.assay.generation.RunScores;
import dev.assay.generation.RunStatistics;
import dev.assay.generation.RunSubmission;
import dev.assay.generation.RunSummary;
import dev.assay.generation.service.InvalidRequestException;
import dev.assay.generation.service.RunEvents;
import dev.assay.generation.service.RunRequeue;
import dev.assay.generation.service.RunService;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import jakarta.ws.rs.sse.Sse;
import jakarta.ws.rs.sse.OutboundSseEvent;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import java.util.Arrays;
import java.util.List;

/** The run API: submit runs, follow them, read their results (docs/api.md). */
@Path("/api/runs")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "runs", description = "Submit benchmark runs and read their progress and results")
public class RunResource {

    private static final List<String> STATUSES = Arrays.stream(ResultStatus.values()).map(ResultStatus::wireName).toList();

    private final RunService runs;
    private final RunEvents events;
    private final RunRequeue requeue;

    public RunResource(RunService runs, RunEvents events, RunRequeue requeue) {
        this.runs = runs;
        this.events = events;
        this.requeue = requeue;
    }

    @POST
    @Path("{id}/retry")
    @Operation(summary = "Retry or resume a run: queue again the jobs whose results errored or are missing",
            description = "Into the same run, for the judges whose results errored or are missing only. An errored result "
                    + "stays readable until its retried result replaces it (one row per result id); the run is running "
                    + "again until every expected result is stored. Nothing to queue: 202 with queued_jobs 0.")
    @APIResponse(responseCode = "202", description = "Every queued job acknowledged by the broker",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = RunRequeued.class)))
    @APIResponse(responseCode = "404", description = "No such run", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @APIResponse(responseCode = "409", description = "The run was first seen on assay.results: its jobs are not known here",
            content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @APIResponse(responseCode = "503", description = "The broker did not take the jobs; the run is marked failed",
            content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    public Response retry(@PathParam("id") String id, @Parameter(description = CACHE_OVERRIDE) @QueryParam("cache") String cache) {
        return Response.accepted(requeue.retry(id, cacheOverride(cache))).build();
    }

    private static final String CACHE_OVERRIDE = "how the queued jobs use the response cache (read_write, read_only, off), "
            + "whatever the run's config says (docs/cache.md); the run's stored config keeps its own";

    /** {@code ?cache=off} of a retry or an extension ({@code --no-cache}); null when not given. */
    private static CacheMode cacheOverride(String cache) {
        if (cache == null) {
            return null;
        }
        try {
            return CacheMode.fromWire(cache);
        } catch (IllegalArgumentException e) {
            throw new InvalidRequestException("cache: " + e.getMessage());
        }
    }

    @POST
    @Path("{id}/extend")
    @Consumes({MediaType.APPLICATION_JSON, RequestBodies.APPLICATION_YAML, RequestBodies.TEXT_YAML, RequestBodies.APPLICATION_X_YAML})
    @Operation(summary = "Extend a run with more answering models, judges or replicates",
            description = "The body holds config additions: answering_models and judges (lists of model configs, added to the "
                    + "run's) and replicates (the new total, at least the run's). The merged config is checked as a submission "
                    + "is; only the jobs (and judges of existing jobs) the run did not have are queued.")
    @APIResponse(responseCode = "202", description = "Every new job acknowledged by the broker",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = RunRequeued.class)))
    @APIResponse(responseCode = "400", description = "Invalid additions, or nothing new to queue",
            content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @APIResponse(responseCode = "404", description = "No such run", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @APIResponse(responseCode = "409", description = "The run was first seen on assay.results: its config is not known here",
            content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    public Response extend(@PathParam("id") String id, String body, @Context HttpHeaders headers,
                           @Parameter(description = CACHE_OVERRIDE) @QueryParam("cache") String cache) {
        if (body == null || body.isBlank()) {
            throw new InvalidRequestException("body: is empty; expected a mapping with any of answering_models, judges, replicates");
        }
        return Response.accepted(requeue.extend(id, RequestBodies.readAny(body, headers.getMediaType()), cacheOverride(cache))).build();
    }

    @POST
    @Consumes({MediaType.APPLICATION_JSON, RequestBodies.APPLICATION_YAML, RequestBodies.TEXT_YAML, RequestBodies.APPLICATION_X_YAML})
    @Operation(summary = "Submit a run",
            description = "Validates the benchmark and the run config and registers the run; once it is stored, one job per "
                    + "question × answering model × replicate is published to assay.jobs, after the answer (a run that cannot "
                    + "be published is marked failed). JSON or YAML, with the keys benchmark and config.")
    @RequestBody(required = true, content = {
            @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = RunRequest.class)),
            @Content(mediaType = RequestBodies.APPLICATION_YAML, schema = @Schema(implementation = RunRequest.class))})
    @APIResponse(responseCode = "202", description = "Run stored with its benchmark and config; its jobs are published after this answer",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = RunSubmission.class)))
    @APIResponse(responseCode = "400", description = "Invalid body: every error as path: message",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ErrorBody.class)))
    @APIResponse(responseCode = "503", description = "The database is unavailable; nothing was stored (Retry-After)",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ErrorBody.class)))
    public Response submit(String body, @Context HttpHeaders headers, @Context UriInfo uri) {
        RunSubmission submission = runs.submit(RequestBodies.read(body, headers.getMediaType()));
        return Response.accepted(submission)
                .location(uri.getAbsolutePathBuilder().path(submission.runId()).build())
                .build();
    }

    @GET
    @Operation(summary = "List runs, newest first")
    @APIResponse(responseCode = "200", content = @Content(schema = @Schema(implementation = RunPage.class)))
    public RunPage list(@Parameter(description = "page number, from 0") @QueryParam("page") Integer page,
                        @Parameter(description = "runs per page") @QueryParam("size") Integer size) {
        return runs.list(page, size);
    }

    @GET
    @Path("{id}")
    @Operation(summary = "A run's status, counts, usage totals and timestamps")
    @APIResponse(responseCode = "200", content = @Content(schema = @Schema(implementation = RunSummary.class)))
    @APIResponse(responseCode = "404", description = "No such run", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    public RunSummary get(@PathParam("id") String id) {
        return runs.summary(id);
    }

    @GET
    @Path("{id}/scores")
    @Operation(summary = "A run's means: template pass rate, per-trait pass rates and scores, nugget recall",
            description = "Over the results stored so far: once for the whole run and per answering model × judge.")
    @APIResponse(responseCode = "200", content = @Content(schema = @Schema(implementation = RunScores.class)))
    @APIResponse(responseCode = "404", description = "No such run", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    public RunScores scores(@PathParam("id") String id) {
        return runs.scores(id);
    }

    @GET
    @Path("{id}/statistics")
    @Operation(summary = "Replicate statistics: pass rate with standard error, pass@k, majority-vote accuracy, agreement",
            description = "Over the template verdicts (passed or failed) stored so far, per answering model × judge and per "
                    + "question × answering model × judge; formulas in docs/api.md.")
    @APIResponse(responseCode = "200", content = @Content(schema = @Schema(implementation = RunStatistics.class)))
    @APIResponse(responseCode = "404", description = "No such run", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    public RunStatistics statistics(@PathParam("id") String id) {
        return runs.statistics(id);
    }

    @GET
    @Path("{id}/matrix")
    @Operation(summary = "A run as the web viewer's matrix",
            description = "The run, its benchmark name, config as submitted, questions in benchmark order, and every result "
                    + "as a small cell (verdict, failure category, trait outcomes, tokens, cost, latency; no responses or prompts).")
    @APIResponse(responseCode = "200", content = @Content(schema = @Schema(implementation = RunMatrix.class)))
    @APIResponse(responseCode = "404", description = "No such run", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    public RunMatrix matrix(@PathParam("id") String id,
                            @Parameter(description = "false: the run, benchmark, config and questions without the cells") @QueryParam("cells") Boolean cells) {
        return runs.matrix(id, cells == null || cells);
    }

    @GET
    @Path("{id}/results")
    @Operation(summary = "A run's results, filtered and paged",
            description = "Full VerificationResult records, in the order they were first stored.")
    @APIResponse(responseCode = "200", content = @Content(schema = @Schema(implementation = ResultPage.class)))
    @APIResponse(responseCode = "400", description = "Invalid filter or paging", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @APIResponse(responseCode = "404", description = "No such run", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    public ResultPage results(@PathParam("id") String id,
                              @Parameter(description = "question id") @QueryParam("question") String question,
                              @Parameter(description = "answering model canonical key, e.g. openai:gpt-4o") @QueryParam("model") String model,
                              @Parameter(description = "judge canonical key") @QueryParam("judge") String judge,
                              @Parameter(description = "result status: passed, failed, scored, abstained, insufficient or error") @QueryParam("verdict") String verdict,
                              @Parameter(description = "page number, from 0") @QueryParam("page") Integer page,
                              @Parameter(description = "results per page") @QueryParam("size") Integer size) {
        return runs.results(id, new ResultFilter(blankToNull(question), blankToNull(model), blankToNull(judge), status(verdict)), page, size);
    }

    @GET
    @Path("{id}/results/changes")
    @Operation(summary = "A run's results stored or updated since a cursor",
            description = "Full VerificationResult records written since the cursor of an earlier answer (none: all), a page at a "
                    + "time: with more true, ask again at once with the answer's cursor; otherwise ask again later with it. A result "
                    + "may come again when it changed meanwhile: the later copy is the stored one. docs/api.md, \"Following the results\".")
    @APIResponse(responseCode = "200", content = @Content(schema = @Schema(implementation = ResultChanges.class)))
    @APIResponse(responseCode = "400", description = "Not a cursor this API gave, or invalid size", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @APIResponse(responseCode = "404", description = "No such run", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    public ResultChanges resultChanges(@PathParam("id") String id,
                                       @Parameter(description = "the cursor of the previous answer; none: from the start") @QueryParam("since") String since,
                                       @Parameter(description = "results per answer at most (default: the largest page)") @QueryParam("size") Integer size) {
        return runs.resultChanges(id, since, size);
    }

    @GET
    @Path("{id}/results/ids")
    @Operation(summary = "A run's result ids in the order they were first stored", description = "The order of the results' pages.")
    @APIResponse(responseCode = "200", content = @Content(schema = @Schema(implementation = ResultIds.class)))
    @APIResponse(responseCode = "404", description = "No such run", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    public ResultIds resultIds(@PathParam("id") String id) {
        return runs.resultIds(id);
    }

    @GET
    @Path("{id}/events")
    @Produces(MediaType.SERVER_SENT_EVENTS)
    @Operation(summary = "Follow a run as server-sent events",
            description = "snapshot on connect, progress for each stored result, completed (then the stream ends).")
    @APIResponse(responseCode = "200", description = "text/event-stream of snapshot, progress and completed events")
    @APIResponse(responseCode = "404", description = "No such run",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ErrorBody.class)))
    @Blocking
    public Multi<OutboundSseEvent> events(@PathParam("id") String id,
                                          @Parameter(description = "false: one progress event per read of the run, without `result`, "
                                                  + "instead of one per stored result (default true)")
                                          @QueryParam("results") Boolean results,
                                          @Context Sse sse) {
        // throws RunNotFoundException (404) before the stream opens
        runs.summary(id);
        boolean eachResult = results == null || results;
        // subscribed once the stream is open; the snapshot is read from the database, so off the event loop
        return Multi.createFrom().<OutboundSseEvent>emitter(emitter -> events.subscribe(id, new SseRunListener(emitter, sse), eachResult))
                .runSubscriptionOn(Infrastructure.getDefaultWorkerPool());
    }

    private static ResultStatus status(String verdict) {
        if (verdict == null || verdict.isBlank()) {
            return null;
        }
        return Arrays.stream(ResultStatus.values()).filter(status -> status.wireName().equals(verdict)).findFirst()
                .orElseThrow(() -> new InvalidRequestException("verdict: unknown result status \"" + verdict + "\""
                        + Suggestions.didYouMean(verdict, STATUSES) + "; expected one of " + String.join(", ", STATUSES)));
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value;
    }
}
