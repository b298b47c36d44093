package dev.assay.generation.service;

/** The run was registered but its jobs could not all be published; the run is marked failed. */
public class PublishFailedException extends RuntimeException {

    private final String runId;

    public PublishFailedException(String runId, Throwable cause) {
        super("run \"" + runId + "\": jobs could not be published to the broker: " + cause.getMessage(), cause);
        this.runId = runId;
    }

    public String runId() {
        return runId;
    }
}
