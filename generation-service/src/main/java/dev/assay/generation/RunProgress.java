package dev.assay.generation;

/** A run's summary and its progress per stage, read together for one event. */
public record RunProgress(RunSummary run, RunStages stages) {

    public RunProgress {
        if (run == null || stages == null) {
            throw new IllegalArgumentException("run progress: run and stages are required");
        }
    }
}
