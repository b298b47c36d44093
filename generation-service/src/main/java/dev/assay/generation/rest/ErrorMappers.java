package dev.assay.generation.rest;

import dev.assay.generation.service.InvalidRequestException;
import dev.assay.generation.service.PublishFailedException;
import dev.assay.generation.service.RunNotFoundException;
import dev.assay.generation.service.RunNotReplannableException;
import dev.assay.generation.service.RunStillPublishingException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/** Maps the service's exceptions to JSON error bodies; the type is set explicitly because the events endpoint produces SSE. */
public class ErrorMappers {

    @ServerExceptionMapper
    public Response invalid(InvalidRequestException e) {
        return json(Response.Status.BAD_REQUEST, ErrorBody.of(e.errors(), e.problems()));
    }

    @ServerExceptionMapper
    public Response notFound(RunNotFoundException e) {
        return json(Response.Status.NOT_FOUND, ErrorBody.of(e.getMessage()));
    }

    @ServerExceptionMapper
    public Response notReplannable(RunNotReplannableException e) {
        return json(Response.Status.CONFLICT, ErrorBody.of(e.getMessage()));
    }

    @ServerExceptionMapper
    public Response stillPublishing(RunStillPublishingException e) {
        return json(Response.Status.CONFLICT, ErrorBody.of(e.getMessage()));
    }

    @ServerExceptionMapper
    public Response publishFailed(PublishFailedException e) {
        return json(Response.Status.SERVICE_UNAVAILABLE, ErrorBody.of(e.getMessage()));
    }

    private static Response json(Response.Status status, ErrorBody body) {
        return Response.status(status).type(MediaType.APPLICATION_JSON_TYPE).entity(body).build();
    }
}
