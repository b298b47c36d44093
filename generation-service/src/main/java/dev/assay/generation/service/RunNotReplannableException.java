package dev.assay.generation.service;

/** A run whose jobs cannot be planned again here: it was first seen on {@code assay.results}, with no benchmark or config. */
public class RunNotReplannableException extends RuntimeException {

    public RunNotReplannableException(String runId) {
        super("run \"" + runId + "\" was first seen as results on assay.results, not submitted here: its benchmark and "
                + "config are not stored, so its jobs cannot be queued again (submit it through POST /api/runs)");
    }
}
