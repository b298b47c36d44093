package dev.assay.common.template.primitive;

/**
 * What a primitive decided about one parsed value.
 *
 * @param score  in [0, 1]: 1 or 0 for pass/fail primitives, graded for the others
 * @param detail why, for people reading results
 */
public record Outcome(boolean passed, double score, String detail) {

    public Outcome {
        if (score < 0 || score > 1 || Double.isNaN(score)) {
            throw new IllegalArgumentException("score must be in [0, 1], got " + score);
        }
    }

    public static Outcome pass(String detail) {
        return new Outcome(true, 1, detail);
    }

    public static Outcome fail(String detail) {
        return new Outcome(false, 0, detail);
    }

    public static Outcome of(boolean passed, String detail) {
        return passed ? pass(detail) : fail(detail);
    }
}
