package dev.assay.stage.rubric.trait.metric;

import dev.assay.common.benchmark.RubricTrait;
import dev.assay.common.pipeline.MetricScores;

import java.util.List;

/**
 * The figures of a metric trait, from its confusion lists: precision, recall and F1 in both
 * modes, specificity and accuracy in {@code full_matrix} only (in {@code tp_only} there are no
 * true negatives to count). A figure whose denominator is zero is null, never 0 or NaN: it is
 * undefined, and a reader must not average it in as a score. F1 is the exception that proves the
 * rule: 2tp / (2tp + fp + fn) is defined whenever there is any instruction to satisfy.
 */
public final class MetricArithmetic {

    private MetricArithmetic() {
    }

    public static MetricScores of(String mode, List<String> truePositives, List<String> falseNegatives,
                                  List<String> trueNegatives, List<String> falsePositives) {
        int tp = truePositives.size();
        int fn = falseNegatives.size();
        int tn = trueNegatives.size();
        int fp = falsePositives.size();
        Double precision = ratio(tp, tp + fp);
        Double recall = ratio(tp, tp + fn);
        // 2tp / (2tp + fp + fn): the harmonic mean of precision and recall where both exist, and 0
        // (not undefined) for a response that satisfies no instruction - it is a score of nothing done
        Double f1 = ratio(2.0 * tp, 2.0 * tp + fp + fn);
        boolean full = RubricTrait.FULL_MATRIX.equals(mode);
        Double specificity = full ? ratio(tn, tn + fp) : null;
        Double accuracy = full ? ratio(tp + tn, tp + tn + fp + fn) : null;
        return new MetricScores(mode, truePositives, falseNegatives, trueNegatives, falsePositives, precision, recall, f1,
                specificity, accuracy);
    }

    private static Double ratio(double numerator, double denominator) {
        return denominator == 0 ? null : numerator / denominator;
    }
}
