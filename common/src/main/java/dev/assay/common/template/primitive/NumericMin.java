package dev.assay.common.template.primitive;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.benchmark.FieldType;

import java.math.BigDecimal;
import java.util.Optional;
import java.util.Set;

/**
 * The parsed number is at least {@code min} (default: the ground truth); {@code inclusive: false}
 * makes it strictly more than.
 */
public final class NumericMin implements VerificationPrimitive {

    public static final String NAME = "numeric_min";

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
        boolean inclusive = params.bool("inclusive", true);
        BigDecimal limit;
        if (params.has("min")) {
            limit = params.number("min");
        } else {
            JsonNode truth = params.groundTruth();
            limit = truth == null || !truth.isNumber() ? null : truth.decimalValue();
        }
        if (limit == null) {
            return null;
        }
        Bound bound = new Bound(limit, inclusive);
        return (actual, context) -> {
            Optional<BigDecimal> number = Numbers.of(actual);
            if (number.isEmpty()) {
                return Numbers.notANumber(actual);
            }
            boolean ok = bound.admitsAbove(number.get());
            return Outcome.of(ok, Numbers.show(number.get()) + (ok ? " is " : " is not ") + (inclusive ? "≥ " : "> ") + Numbers.show(limit));
        };
    }
}
