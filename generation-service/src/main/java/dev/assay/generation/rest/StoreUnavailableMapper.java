package dev.assay.generation.rest;

import dev.assay.generation.config.StoreConfig;
import dev.assay.generation.service.StoreFailures;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

import java.util.Optional;
import java.util.UUID;

/**
 * While the database is unavailable, every request that needs it answers {@code 503} with
 * {@code Retry-After} and says so, instead of a bare {@code 500} (docs/api.md, Errors).
 *
 * <p>Mapped on {@link RuntimeException}, because the JDBC failure arrives wrapped in whatever
 * touched the database (Hibernate, the transaction manager) and {@link StoreFailures} reads it from
 * the cause chain. Exceptions with a mapper of their own never get here (the nearest mapper wins);
 * a {@link WebApplicationException} keeps its own response, as without this mapper; anything else
 * is a 500 whose body names an error id that the log repeats with the stack trace.
 */
public class StoreUnavailableMapper {

    private static final Logger LOG = Logger.getLogger(StoreUnavailableMapper.class);

    private final StoreConfig config;

    public StoreUnavailableMapper(StoreConfig config) {
        this.config = config;
    }

    @ServerExceptionMapper
    public Response map(RuntimeException e) {
        if (e instanceof WebApplicationException web) {
            return web.getResponse();
        }
        Optional<String> outage = StoreFailures.reason(e);
        if (outage.isPresent()) {
            LOG.debugf("answering 503: the result store is unavailable (%s)", outage.get());
            return Response.status(Response.Status.SERVICE_UNAVAILABLE)
                    .header(HttpHeaders.RETRY_AFTER, Math.max(1, config.unavailableRetryAfter().toSeconds()))
                    .type(MediaType.APPLICATION_JSON_TYPE)
                    .entity(ErrorBody.of("the result store (PostgreSQL) is unavailable: " + outage.get() + "; retry later"))
                    .build();
        }
        String id = UUID.randomUUID().toString();
        LOG.errorf(e, "request failed, error id %s", id);
        return Response.status(Response.Status.INTERNAL_SERVER_ERROR)
                .type(MediaType.APPLICATION_JSON_TYPE)
                .entity(ErrorBody.of("the request failed inside generation-service (error id " + id + ", see its log)"))
                .build();
    }
}
