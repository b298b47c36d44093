package dev.assay.common.template.primitive;

import com.fasterxml.jackson.databind.JsonNode;

import java.math.BigDecimal;
import java.util.Optional;

/**
 * Numbers for comparison, as exact decimals: {@code 1.1 - 1.0} is {@code 0.1}, not
 * {@code 0.10000000000000009}, so a tolerance written as 0.1 holds at its boundary.
 */
final class Numbers {

    private Numbers() {
    }

    /** A JSON number, or text holding one (judges sometimes quote numbers); empty otherwise. */
    static Optional<BigDecimal> of(JsonNode value) {
        if (value == null) {
            return Optional.empty();
        }
        if (value.isNumber()) {
            return Optional.of(value.decimalValue());
        }
        if (value.isTextual()) {
            try {
                return Optional.of(new BigDecimal(value.asText().strip()));
            } catch (NumberFormatException e) {
                return Optional.empty();
            }
        }
        return Optional.empty();
    }

    static String show(BigDecimal number) {
        return number.stripTrailingZeros().toPlainString();
    }

    static Outcome notANumber(JsonNode actual) {
        return Outcome.fail("expected a number, got " + actual);
    }
}
