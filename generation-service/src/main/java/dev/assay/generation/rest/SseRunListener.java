package dev.assay.generation.rest;

import dev.assay.common.json.Json;
import dev.assay.generation.RunEvent;
import dev.assay.generation.service.RunEventListener;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.sse.Sse;
import jakarta.ws.rs.sse.SseEventSink;
import org.jboss.logging.Logger;

/** A run's event stream as server-sent events: the event name is the type, the data the event as JSON. */
final class SseRunListener implements RunEventListener {

    private static final Logger LOG = Logger.getLogger(SseRunListener.class);

    private final SseEventSink sink;
    private final Sse sse;

    SseRunListener(SseEventSink sink, Sse sse) {
        this.sink = sink;
        this.sse = sse;
    }

    @Override
    public boolean send(RunEvent event) {
        if (sink.isClosed()) {
            return false;
        }
        try {
            // not awaited: writes to one connection keep their order
            sink.send(sse.newEventBuilder()
                    .name(event.type())
                    // already JSON text: as text/plain it is written verbatim, not quoted again
                    .mediaType(MediaType.TEXT_PLAIN_TYPE)
                    .data(String.class, Json.write(event))
                    .build());
            return true;
        } catch (RuntimeException e) {
            LOG.debugf(e, "event stream closed by the client");
            return false;
        }
    }

    @Override
    public boolean isOpen() {
        return !sink.isClosed();
    }

    @Override
    public void close() {
        sink.close();
    }
}
