package dev.assay.generation.service;

import dev.assay.generation.ConfidenceInterval;

/**
 * The Wilson score interval of a proportion: the interval an honest pass rate needs at small n.
 * Unlike p ± z·SE it never leaves [0, 1] and never collapses to a point at 0 %, 100 % or a single
 * verdict (1 of 1 passed is [20.7 %, 100 %], not 100 % ± 0). Pure arithmetic.
 */
final class WilsonInterval {

    static final double CONFIDENCE = 0.95;
    /** The standard normal quantile of 0.975: a two-sided 95 % interval. */
    static final double Z_95 = 1.959963984540054;

    private WilsonInterval() {
    }

    /**
     * @param rate       the observed proportion, in [0, 1]
     * @param sampleSize the independent observations behind it (&gt; 0; may be fractional, an effective size)
     */
    static ConfidenceInterval of(double rate, double sampleSize) {
        if (!(rate >= 0 && rate <= 1)) {
            throw new IllegalArgumentException("a rate must be between 0 and 1, got " + rate);
        }
        if (!(sampleSize > 0)) {
            throw new IllegalArgumentException("a Wilson interval needs a positive sample size, got " + sampleSize);
        }
        double z2 = Z_95 * Z_95;
        double denominator = 1 + z2 / sampleSize;
        double centre = (rate + z2 / (2 * sampleSize)) / denominator;
        double half = Z_95 / denominator * Math.sqrt(rate * (1 - rate) / sampleSize + z2 / (4 * sampleSize * sampleSize));
        // rounding can put a bound a hair outside [0, 1] (or past the rate at 0 and 1): clamp
        double low = Math.max(0, Math.min(rate, centre - half));
        double high = Math.min(1, Math.max(rate, centre + half));
        return new ConfidenceInterval(ConfidenceInterval.WILSON, CONFIDENCE, sampleSize, low, high);
    }
}
