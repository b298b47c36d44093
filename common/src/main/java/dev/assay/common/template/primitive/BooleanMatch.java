package dev.assay.common.template.primitive;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.benchmark.FieldType;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The parsed yes/no equals the ground truth. Read as Pydantic reads a {@code bool} in lax mode: the
 * text {@code true/false, yes/no, on/off, t/f, y/n, 1/0} in any case and the numbers 1 and 0 count
 * too; anything else ({@code "maybe"}, 2) fails as not a boolean.
 */
public final class BooleanMatch implements VerificationPrimitive {

    public static final String NAME = "boolean";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Set<FieldType> fieldTypes() {
        return Set.of(FieldType.BOOLEAN);
    }

    @Override
    public FieldCheck configure(Params params) {
        JsonNode expected = params.groundTruth();
        if (expected == null) {
            return null;
        }
        return (actual, context) -> {
            Optional<Boolean> value = read(actual);
            if (value.isEmpty()) {
                return Outcome.fail("expected true or false (or yes/no, on/off, 1/0), got " + actual);
            }
            boolean equal = value.get() == expected.booleanValue();
            return Outcome.of(equal, equal ? "equal" : "expected " + expected + ", got " + actual);
        };
    }

    static Optional<Boolean> read(JsonNode value) {
        if (value.isBoolean()) {
            return Optional.of(value.booleanValue());
        }
        if (value.isTextual()) {
            return switch (value.asText().strip().toLowerCase(Locale.ROOT)) {
                case "true", "yes", "on", "t", "y", "1" -> Optional.of(true);
                case "false", "no", "off", "f", "n", "0" -> Optional.of(false);
                default -> Optional.empty();
            };
        }
        if (value.isNumber()) {
            BigDecimal number = value.decimalValue();
            if (number.signum() == 0 || number.compareTo(BigDecimal.ONE) == 0) {
                return Optional.of(number.signum() != 0);
            }
        }
        return Optional.empty();
    }
}
