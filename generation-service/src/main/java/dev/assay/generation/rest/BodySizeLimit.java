package dev.assay.generation.rest;

import dev.assay.common.json.Json;
import dev.assay.common.text.ByteSizes;
import io.quarkus.runtime.configuration.MemorySize;
import io.quarkus.vertx.http.runtime.RouteConstants;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Refuses a request body above {@code quarkus.http.limits.max-body-size} with a 413 whose JSON
 * error (the API's {@link ErrorBody}) names the size, the limit and the setting that raises it.
 * Quarkus enforces the same limit but answers a bare 413; this runs just before it, for bodies
 * that declare their length. A body streamed without a length is still cut off by Quarkus at the
 * limit (a 413 without a body).
 */
@ApplicationScoped
public class BodySizeLimit {

    /** The environment variable application.properties reads the limit from. */
    static final String SETTING = "ASSAY_API_MAX_BODY_SIZE";

    private final long limit;

    public BodySizeLimit(@ConfigProperty(name = "quarkus.http.limits.max-body-size") MemorySize limit) {
        this.limit = limit.asLongValue();
    }

    void install(@Observes Router router) {
        router.route().order(RouteConstants.ROUTE_ORDER_UPLOAD_LIMIT - 1).handler(this::check);
    }

    private void check(RoutingContext context) {
        long length = declaredLength(context.request().getHeader(HttpHeaders.CONTENT_LENGTH));
        if (length <= limit) {
            context.next();
            return;
        }
        String error = "body: too large (" + ByteSizes.megabytes(length) + ", the limit is " + ByteSizes.megabytes(limit)
                + "; set " + SETTING + " (quarkus.http.limits.max-body-size) on generation-service to raise it)";
        // the rest of the body is not read: the connection closes after the answer, as Quarkus does
        context.response().setStatusCode(413)
                .putHeader(HttpHeaders.CONTENT_TYPE, "application/json")
                .putHeader(HttpHeaders.CONNECTION, "close")
                .end(Json.write(ErrorBody.of(error)));
    }

    private static long declaredLength(String header) {
        if (header == null) {
            return -1;
        }
        try {
            return Long.parseLong(header.strip());
        } catch (NumberFormatException e) {
            // Vert.x rejects a malformed Content-Length itself
            return -1;
        }
    }
}
