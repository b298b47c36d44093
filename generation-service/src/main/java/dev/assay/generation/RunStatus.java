package dev.assay.generation;

import com.fasterxml.jackson.annotation.JsonValue;

import java.util.Locale;

/** Where a run stands, as the run registry sees it. */
public enum RunStatus {
    /** Registered and its jobs published; no result stored yet. */
    QUEUED,
    /** At least one result stored, or first seen as a result (expected count unknown). */
    RUNNING,
    /** Stored results reached the expected count. */
    COMPLETED,
    /** Its jobs could not be published; see the run's error. */
    FAILED,
    /**
     * The local stack it ran on went away before it finished (Ctrl-C, {@code assay down}, a killed CLI):
     * set when that stack's data is next opened, since nothing else would finish it. {@code assay retry}
     * queues what is missing and makes it running again (docs/api.md, run status).
     */
    INTERRUPTED;

    @JsonValue
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static RunStatus fromWire(String value) {
        return valueOf(value.toUpperCase(Locale.ROOT));
    }
}
