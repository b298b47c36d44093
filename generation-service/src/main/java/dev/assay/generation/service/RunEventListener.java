package dev.assay.generation.service;

import dev.assay.generation.RunEvent;

/** One open event stream of a run (the REST layer adapts it to server-sent events). */
public interface RunEventListener {

    /** Sends the event; false when the client is gone. */
    boolean send(RunEvent event);

    boolean isOpen();

    /** Ends the stream; called after the {@code completed} event. */
    void close();
}
