package dev.assay.generation.service;

/** A retry or an extension of a run whose submitted jobs are still being published (409): they would be queued twice. */
public class RunStillPublishingException extends RuntimeException {

    public RunStillPublishingException(String runId, int published, int jobs) {
        super("run \"" + runId + "\" is still publishing the jobs it was submitted with (" + published + " of " + jobs
                + "); retry or extend it once they are published");
    }
}
