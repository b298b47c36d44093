package dev.assay.generation.service;

/** No run with this id: neither submitted here nor seen on {@code assay.results}. */
public class RunNotFoundException extends RuntimeException {

    private final String runId;

    public RunNotFoundException(String runId) {
        super("run \"" + runId + "\" not found: it was neither submitted here nor has any result been stored for it");
        this.runId = runId;
    }

    public String runId() {
        return runId;
    }
}
