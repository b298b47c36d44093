package dev.assay.common.template.primitive;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.benchmark.FieldType;

import java.math.BigDecimal;
import java.util.Optional;
import java.util.Set;

/**
 * A one-sided numeric check: the parsed number is on the right side of a limit (the limit's own
 * parameter, default the ground truth); {@code inclusive: false} excludes the limit itself.
 */
abstract sealed class NumericLimit implements VerificationPrimitive permits NumericMin, NumericMax {

    private final String name;
    private final String limitParameter;
    private final boolean atLeast;

    NumericLimit(String name, String limitParameter, boolean atLeast) {
        this.name = name;
        this.limitParameter = limitParameter;
        this.atLeast = atLeast;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final Set<FieldType> fieldTypes() {
        return Set.of(FieldType.INTEGER, FieldType.NUMBER);
    }

    @Override
    public final FieldCheck configure(Params params) {
        boolean inclusive = params.bool("inclusive", true);
        BigDecimal limit;
        if (params.has(limitParameter)) {
            limit = params.number(limitParameter);
        } else {
            JsonNode truth = params.groundTruth();
            limit = truth == null || !truth.isNumber() ? null : truth.decimalValue();
        }
        if (limit == null) {
            return null;
        }
        Bound bound = new Bound(limit, inclusive);
        String relation = atLeast ? (inclusive ? "≥ " : "> ") : (inclusive ? "≤ " : "< ");
        return (actual, context) -> {
            Optional<BigDecimal> number = Numbers.of(actual);
            if (number.isEmpty()) {
                return Numbers.notANumber(actual);
            }
            boolean ok = atLeast ? bound.admitsAbove(number.get()) : bound.admitsBelow(number.get());
            return Outcome.of(ok, Numbers.show(number.get()) + (ok ? " is " : " is not ") + relation + Numbers.show(limit));
        };
    }
}
