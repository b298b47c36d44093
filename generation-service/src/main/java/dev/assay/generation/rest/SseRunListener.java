package dev.assay.generation.rest;

import dev.assay.common.json.Json;
import dev.assay.generation.RunEvent;
import dev.assay.generation.service.RunEventListener;
import io.smallrye.mutiny.subscription.MultiEmitter;
import jakarta.ws.rs.sse.OutboundSseEvent;
import jakarta.ws.rs.sse.Sse;

/**
 * A run's event stream as server-sent events: the event name is the type, the data the event as
 * JSON. Events go through a Multi, so Quarkus REST opens the stream before the first one and
 * closes it after the last.
 */
final class SseRunListener implements RunEventListener {

    private final MultiEmitter<? super OutboundSseEvent> emitter;
    private final Sse sse;

    SseRunListener(MultiEmitter<? super OutboundSseEvent> emitter, Sse sse) {
        this.emitter = emitter;
        this.sse = sse;
    }

    @Override
    public boolean send(RunEvent event) {
        if (emitter.isCancelled()) {
            return false;
        }
        // already JSON text, written verbatim; no media type set, so no non-standard
        // "content-type:" field appears in the stream
        emitter.emit(sse.newEventBuilder().name(event.type()).data(String.class, Json.write(event)).build());
        return true;
    }

    @Override
    public boolean isOpen() {
        // cancelled when the client disconnects
        return !emitter.isCancelled();
    }

    @Override
    public void close() {
        emitter.complete();
    }
}
