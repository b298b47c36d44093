package dev.assay.common.pipeline;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import java.util.List;

/**
 * A metric trait's confusion lists and the figures computed from them. A figure whose
 * denominator is zero is null (e.g. precision when nothing was found).
 *
 * @param truePositives  tp instructions the response satisfies
 * @param falseNegatives tp instructions it misses
 * @param trueNegatives  tn instructions it respects (full matrix only)
 * @param falsePositives tn instructions it violates (full matrix), or content matching no
 *                       instruction that the judge listed (tp only)
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record MetricScores(String mode, List<String> truePositives, List<String> falseNegatives, List<String> trueNegatives,
                           List<String> falsePositives, Double precision, Double recall, Double f1, Double specificity,
                           Double accuracy) {

    public MetricScores {
        truePositives = truePositives == null ? List.of() : List.copyOf(truePositives);
        falseNegatives = falseNegatives == null ? List.of() : List.copyOf(falseNegatives);
        trueNegatives = trueNegatives == null ? List.of() : List.copyOf(trueNegatives);
        falsePositives = falsePositives == null ? List.of() : List.copyOf(falsePositives);
    }
}
