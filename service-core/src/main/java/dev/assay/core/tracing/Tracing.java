package dev.assay.core.tracing;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.api.trace.TracerProvider;
import io.opentelemetry.context.Scope;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The tracer of Assay's own spans (records, model calls, HTTP exchanges, submitted jobs): the
 * OpenTelemetry SDK's while tracing is on, a no-op one while {@code quarkus.otel.sdk.disabled} is true
 * ({@code ASSAY_TRACING_DISABLED}, as the local stack and the tests run). A disabled SDK still builds
 * and records every span, with nowhere to send it: that was about a twentieth of local-service's CPU
 * at 256 calls in flight (docs/performance.md, session 12). A no-op span still carries its parent's
 * context (the ids from upstream), but is not made current ({@link #makeCurrent}).
 */
@ApplicationScoped
public class Tracing {

    private final Tracer tracer;

    public Tracing(Tracer sdkTracer, @ConfigProperty(name = "quarkus.otel.sdk.disabled", defaultValue = "false") boolean sdkDisabled) {
        this.tracer = sdkDisabled ? TracerProvider.noop().get("assay") : sdkTracer;
    }

    public Tracer tracer() {
        return tracer;
    }

    /**
     * Makes {@code span} current, or does nothing for a span that records nothing: no child needs it
     * as a parent then, and making a span current writes the Vert.x context and the MDC each time.
     */
    public static Scope makeCurrent(Span span) {
        return span.isRecording() ? span.makeCurrent() : Scope.noop();
    }
}
