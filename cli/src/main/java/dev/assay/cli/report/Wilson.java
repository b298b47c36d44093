package dev.assay.cli.report;

/**
 * The 95 % Wilson score interval, for a report made without the server's /statistics (a results
 * file loaded again, an older server): the same formula as generation-service's (docs/api.md).
 */
final class Wilson {

    static final double CONFIDENCE = 0.95;
    private static final double Z = 1.959963984540054;

    private Wilson() {
    }

    static GroupSummary.Interval interval(double rate, double sampleSize) {
        double z2 = Z * Z;
        double denominator = 1 + z2 / sampleSize;
        double centre = (rate + z2 / (2 * sampleSize)) / denominator;
        double half = Z / denominator * Math.sqrt(rate * (1 - rate) / sampleSize + z2 / (4 * sampleSize * sampleSize));
        return new GroupSummary.Interval("wilson", CONFIDENCE, Math.max(0, Math.min(rate, centre - half)),
                Math.min(1, Math.max(rate, centre + half)));
    }
}
