package dev.assay.importers.lve;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.benchmark.RubricTrait;

import java.util.Set;

/**
 * {@code FuzzyMatchChecker(text, threshold, match_safe=False)}: lve-tools computes
 * {@code fuzz.ratio(response, text) / 100.0 >= threshold} (thefuzz's ratio, a whole percent) and
 * the response is safe when that is false, or, when {@code match_safe} is truthy, when it is true.
 * The text is formatted once, with the instance's args, when the checker is built (not again with
 * the prompt parameters). Becomes an expression trait on {@code fuzzRatio}; since the ratio is a
 * whole number, the threshold becomes the least ratio that reaches it, found with the same double
 * division as Python's, so the verdict is LVE's for every ratio.
 */
final class FuzzyMatchCheckerTranslator implements CheckerTranslator {

    @Override
    public Set<String> checkerNames() {
        return Set.of("FuzzyMatchChecker");
    }

    @Override
    public RubricTrait translate(CheckerContext context) {
        context.requireMultiRun(false);
        context.acceptOnly(Set.of("text", "threshold", "match_safe"));
        String text = context.formatted("text");
        JsonNode thresholdArg = context.required("threshold");
        if (!thresholdArg.isNumber() && !thresholdArg.isBoolean()) {
            throw new Untranslatable("checker_args.threshold is " + PythonValues.repr(thresholdArg)
                    + ", not a number (Python raises TypeError comparing it with the ratio)");
        }
        double threshold = PythonValues.toFloat(thresholdArg).orElseThrow();
        boolean matchSafe = context.arg("match_safe").map(PythonValues::truthy).orElse(false);
        int least = leastRatioReaching(threshold);
        String ratio = "fuzzRatio(response, " + CelText.string(text) + ")";
        String expression = ratio + (matchSafe ? " >= " : " < ") + least;
        String description = "LVE FuzzyMatchChecker: safe when thefuzz's fuzz.ratio of the response and "
                + PythonValues.stringRepr(text) + " is " + (matchSafe ? "at least " : "below ")
                + PythonValues.floatRepr(threshold) + " (as a fraction of 100)";
        return CheckerTraits.expression(description, expression);
    }

    /** The least ratio r in 0..100 with {@code r / 100.0 >= threshold}, as Python computes it; 101 when none does. */
    static int leastRatioReaching(double threshold) {
        for (int r = 0; r <= 100; r++) {
            if (r / 100.0 >= threshold) {
                return r;
            }
        }
        return 101;
    }
}
