package dev.assay.generation;

import com.fasterxml.jackson.annotation.JsonValue;

import java.util.Locale;

/** How a pass rate's standard error was computed (docs/api.md, GET /api/runs/{id}/statistics). */
public enum StandardErrorMethod {
    /**
     * Each question's mean over its replicates is one observation: sample standard deviation of
     * the question means / √questions. Replicates of one question are not independent draws, so
     * counting them as such would understate the error.
     */
    QUESTION_CLUSTERED,
    /**
     * √(p(1 − p) / verdicts): when there is nothing to cluster (no question has more than one
     * verdict) or too little to estimate a spread from (a single question). Never from a single
     * verdict: there the error is left out and only the interval is given.
     */
    BINOMIAL;

    @JsonValue
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
