package dev.assay.common.template.primitive;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.benchmark.FieldType;

import java.math.BigDecimal;
import java.util.Optional;
import java.util.Set;

/** The parsed number equals the ground truth by value: {@code 8}, {@code 8.0} and {@code "8"} are equal. */
public final class NumericExact implements VerificationPrimitive {

    public static final String NAME = "numeric_exact";

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
        JsonNode expected = params.groundTruth();
        if (expected == null || !expected.isNumber()) {
            return null;
        }
        return (actual, context) -> {
            Optional<BigDecimal> number = Numbers.of(actual);
            if (number.isEmpty()) {
                return Numbers.notANumber(actual);
            }
            boolean equal = expected.decimalValue().compareTo(number.get()) == 0;
            return Outcome.of(equal, equal ? "equal" : "expected " + expected + ", got " + actual);
        };
    }
}
