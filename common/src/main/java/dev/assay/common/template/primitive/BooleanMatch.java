package dev.assay.common.template.primitive;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.benchmark.FieldType;

import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/** The parsed yes/no equals the ground truth; a judge's text {@code "true"}, {@code "yes"}, {@code "no"}… counts too. */
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
                return Outcome.fail("expected true or false, got " + actual);
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
                case "true", "yes" -> Optional.of(true);
                case "false", "no" -> Optional.of(false);
                default -> Optional.empty();
            };
        }
        return Optional.empty();
    }
}
