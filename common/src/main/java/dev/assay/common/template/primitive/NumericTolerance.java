package dev.assay.common.template.primitive;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.benchmark.FieldType;

import java.math.BigDecimal;
import java.util.Optional;
import java.util.Set;

/**
 * The parsed number is within a tolerance of the ground truth: {@code absolute} (|actual − truth|
 * ≤ absolute) and/or {@code relative} (|actual − truth| ≤ relative × |truth|); with both, either
 * suffices. The boundary is inside, computed in exact decimals.
 */
public final class NumericTolerance implements VerificationPrimitive {

    public static final String NAME = "numeric_tolerance";

    /** The tolerances as written; a null one is not used. */
    public record Tolerance(BigDecimal absolute, BigDecimal relative) {
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Set<FieldType> fieldTypes() {
        return Set.of(FieldType.INTEGER, FieldType.NUMBER);
    }

    @Override
    public FieldCheck configure(Params params) {
        Tolerance tolerance = new Tolerance(params.nonNegative("absolute"), params.nonNegative("relative"));
        JsonNode expected = params.groundTruth();
        if (tolerance.absolute() == null && tolerance.relative() == null) {
            if (!params.has("absolute") && !params.has("relative")) {
                params.error(null, "numeric_tolerance needs absolute or relative (or both), e.g. {primitive: numeric_tolerance, absolute: 0.5}");
            }
            return null;
        }
        if (expected == null || !expected.isNumber()) {
            return null;
        }
        BigDecimal truth = expected.decimalValue();
        BigDecimal allowed = allowed(tolerance, truth);
        return (actual, context) -> {
            Optional<BigDecimal> number = Numbers.of(actual);
            if (number.isEmpty()) {
                return Numbers.notANumber(actual);
            }
            BigDecimal difference = number.get().subtract(truth).abs();
            boolean within = difference.compareTo(allowed) <= 0;
            return Outcome.of(within, "differs from " + Numbers.show(truth) + " by " + Numbers.show(difference)
                    + (within ? ", within " : ", more than ") + Numbers.show(allowed));
        };
    }

    /** The largest difference allowed: the larger of the two tolerances, since either suffices. */
    static BigDecimal allowed(Tolerance tolerance, BigDecimal truth) {
        BigDecimal allowed = BigDecimal.ZERO;
        if (tolerance.absolute() != null) {
            allowed = allowed.max(tolerance.absolute());
        }
        if (tolerance.relative() != null) {
            allowed = allowed.max(tolerance.relative().multiply(truth.abs()));
        }
        return allowed;
    }
}
