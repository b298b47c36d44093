package dev.assay.core.tracing;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class TracingTest {

    private final SdkTracerProvider sdk = SdkTracerProvider.builder().build();
    private final Tracer sdkTracer = sdk.get("test");

    @AfterEach
    void close() {
        sdk.close();
    }

    @Test
    void withTheSdkDisabledAssaysSpansRecordNothingAndAreNotMadeCurrent() {
        Tracer tracer = new Tracing(sdkTracer, true).tracer();

        Span span = tracer.spanBuilder("generation process").startSpan();
        assertThat(span.isRecording()).as("a disabled SDK's spans still recorded: the cost this avoids").isFalse();
        try (Scope ignored = Tracing.makeCurrent(span)) {
            assertThat(Span.current().getSpanContext().isValid()).isFalse();
        }
    }

    @Test
    void withTheSdkDisabledTraceContextFromUpstreamStillPassesThrough() {
        SpanContext upstream = SpanContext.createFromRemoteParent("0af7651916cd43dd8448eb211c80319c", "b7ad6b7169203331",
                TraceFlags.getSampled(), TraceState.getDefault());
        Tracer tracer = new Tracing(sdkTracer, true).tracer();

        Span span = tracer.spanBuilder("parsing process").setParent(Context.root().with(Span.wrap(upstream))).startSpan();

        assertThat(span.getSpanContext().getTraceId()).isEqualTo("0af7651916cd43dd8448eb211c80319c");
    }

    @Test
    void withTheSdkOnSpansRecordAndBecomeCurrent() {
        Tracer tracer = new Tracing(sdkTracer, false).tracer();

        Span span = tracer.spanBuilder("chat bench-answerer").startSpan();
        assertThat(span.isRecording()).isTrue();
        try (Scope ignored = Tracing.makeCurrent(span)) {
            assertThat(Span.current()).isSameAs(span);
            Span child = tracer.spanBuilder("POST").startSpan();
            assertThat(child.getSpanContext().getTraceId()).isEqualTo(span.getSpanContext().getTraceId());
            child.end();
        } finally {
            span.end();
        }
        assertThat(Span.current()).isNotSameAs(span);
    }
}
