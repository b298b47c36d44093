package dev.assay.common.template.primitive;

import dev.assay.common.benchmark.FieldType;

import java.math.BigDecimal;
import java.util.Optional;
import java.util.Set;

/**
 * The parsed number lies between {@code min} and {@code max}; both bounds are inside unless
 * {@code min_inclusive: false} / {@code max_inclusive: false}. The ground truth is not used.
 */
public final class NumericRange implements VerificationPrimitive {

    public static final String NAME = "numeric_range";

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
        BigDecimal min = params.number("min");
        BigDecimal max = params.number("max");
        boolean minInclusive = params.bool("min_inclusive", true);
        boolean maxInclusive = params.bool("max_inclusive", true);
        if (!params.has("min")) {
            params.error("min", "is required: the range's lower bound");
        }
        if (!params.has("max")) {
            params.error("max", "is required: the range's upper bound");
        }
        if (min == null || max == null) {
            return null;
        }
        int order = min.compareTo(max);
        if (order > 0 || order == 0 && !(minInclusive && maxInclusive)) {
            params.error(null, "the range from " + Numbers.show(min) + " to " + Numbers.show(max) + " admits no number");
            return null;
        }
        Bound lower = new Bound(min, minInclusive);
        Bound upper = new Bound(max, maxInclusive);
        String range = lower.asLower() + ", " + upper.asUpper();
        return (actual, context) -> {
            Optional<BigDecimal> number = Numbers.of(actual);
            if (number.isEmpty()) {
                return Numbers.notANumber(actual);
            }
            boolean inside = lower.admitsAbove(number.get()) && upper.admitsBelow(number.get());
            return Outcome.of(inside, Numbers.show(number.get()) + (inside ? " is in " : " is outside ") + range);
        };
    }
}
