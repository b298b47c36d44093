package dev.assay.core.messaging;

import dev.assay.core.observability.RecordIds;
import dev.assay.core.observability.RecordMdc;
import dev.assay.core.observability.StageMetrics;
import dev.assay.core.observability.StageMetrics.Outcome;
import dev.assay.core.tracing.Tracing;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import io.smallrye.reactive.messaging.TracingMetadata;
import org.eclipse.microprofile.reactive.messaging.Message;

import java.time.Duration;

/**
 * One input record while a stage works on it: counted in and in flight, a {@code <stage> process}
 * span current on this thread while tracing is on (child of the connector's receive span, so of the
 * producer's span in the previous service; {@link Tracing}), and once decoded its ids in the MDC and
 * on the span. Closing it records
 * how it ended and clears all of that. Not thread-safe: used by the record's own thread.
 */
public final class ObservedRecord implements AutoCloseable {

    static final AttributeKey<String> RUN_ID = AttributeKey.stringKey("assay.run_id");
    static final AttributeKey<String> JOB_ID = AttributeKey.stringKey("assay.job_id");
    static final AttributeKey<String> RESULT_ID = AttributeKey.stringKey("assay.result_id");
    static final AttributeKey<String> OUTCOME = AttributeKey.stringKey("assay.outcome");

    private final String stage;
    private final StageMetrics metrics;
    private final StageDrain drain;
    /** Whether this record counted itself into the drain (a stage run inside another record's does not). */
    private final boolean inDrain;
    private final Span span;
    private final Scope scope;
    private final long started = System.nanoTime();
    private Outcome outcome = Outcome.OK;
    // set by the record's thread, or by the thread of a model call it began that was refused (StageDrain)
    private volatile boolean abandoned;

    ObservedRecord(String stage, StageMetrics metrics, StageDrain drain, Span span) {
        this(stage, metrics, drain, true, span);
    }

    ObservedRecord(String stage, StageMetrics metrics, StageDrain drain, boolean inDrain, Span span) {
        this.stage = stage;
        this.metrics = metrics;
        this.drain = drain;
        this.inDrain = inDrain;
        this.span = span;
        this.scope = Tracing.makeCurrent(span);
        metrics.received(stage);
        if (inDrain) {
            drain.handling(this);
        }
    }

    /** The trace context the record was received in: the connector's receive span, else none. */
    static Context receivedContext(Message<?> record) {
        return TracingMetadata.fromMessage(record).map(TracingMetadata::getCurrentContext).orElse(Context.current());
    }

    /** The record is decoded: its ids go to the MDC and the span. */
    public void identify(RecordIds ids) {
        if (ids == null) {
            return;
        }
        RecordMdc.put(ids);
        span.setAttribute(RUN_ID, ids.runId());
        span.setAttribute(JOB_ID, ids.jobId());
        if (ids.resultId() != null) {
            span.setAttribute(RESULT_ID, ids.resultId());
        }
    }

    /** An output left the stage (published, or stored); {@code failed} when it carries a failure. */
    public void output(boolean failed) {
        metrics.out(stage, failed ? Outcome.FAILED : Outcome.OK);
        if (failed && outcome == Outcome.OK) {
            outcome = Outcome.FAILED;
        }
    }

    /** The input goes to the dead-letter topic. */
    public void deadLettered(Throwable reason) {
        metrics.out(stage, Outcome.DLQ);
        outcome = Outcome.DLQ;
        span.recordException(reason);
        span.setStatus(StatusCode.ERROR, reason.getMessage() == null ? reason.toString() : reason.getMessage());
    }

    /** Shutdown gave up on this record: neither acknowledged nor dead-lettered, so it will be redelivered. */
    public void abandoned() {
        abandoned = true;
    }

    /** Whether the drain gave up on records in flight: then nothing may be published or acknowledged. */
    public boolean shutdownAbandonedIt() {
        if (drain.abandoned()) {
            abandoned = true;
        }
        return abandoned;
    }

    @Override
    public void close() {
        try {
            metrics.finished(stage, abandoned ? null : outcome, Duration.ofNanos(System.nanoTime() - started));
            span.setAttribute(OUTCOME, abandoned ? "abandoned" : outcome.tag());
            scope.close();
            span.end();
        } finally {
            if (inDrain) {
                RecordMdc.clear();
                drain.handlingEnded();
                drain.exit();
            }
        }
    }
}
