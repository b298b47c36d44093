package dev.assay.generation;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/**
 * A confidence interval for a pass rate (docs/api.md, GET /api/runs/{id}/statistics).
 *
 * @param method     how it was computed: {@code wilson}, the Wilson score interval, which stays inside [0, 1]
 *                   and keeps a width at 0 %, 100 % and a single verdict, where a ± standard error collapses to nothing
 * @param confidence the coverage it is built for, 0.95
 * @param sampleSize the number of independent observations it assumes: the verdicts, or fewer under replicates
 *                   (the effective sample size of the question-clustered error)
 * @param low        lower bound, in [0, 1]
 * @param high       upper bound, in [low, 1]
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record ConfidenceInterval(String method, double confidence, double sampleSize, double low, double high) {

    public static final String WILSON = "wilson";

    public ConfidenceInterval {
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("confidence must be between 0 and 1 (exclusive), got " + confidence);
        }
        if (!(sampleSize > 0)) {
            throw new IllegalArgumentException("sample size must be positive, got " + sampleSize);
        }
        if (!(0 <= low && low <= high && high <= 1)) {
            throw new IllegalArgumentException("an interval of a rate must satisfy 0 <= low <= high <= 1, got [" + low + ", "
                    + high + "]");
        }
    }
}
