package dev.assay.common.template.primitive;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.benchmark.FieldType;

import java.math.BigDecimal;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/**
 * The parsed value equals the ground truth. Text is compared after its {@link TextNormalization}
 * (default: surrounding whitespace ignored), numbers by value ({@code 8} equals {@code 8.0} and
 * {@code "8"}), lists item by item in order.
 */
public final class Exact implements VerificationPrimitive {

    public static final String NAME = "exact";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Set<FieldType> fieldTypes() {
        return EnumSet.allOf(FieldType.class);
    }

    @Override
    public FieldCheck configure(Params params) {
        TextNormalization text = TextNormalization.read(params, true);
        JsonNode expected = params.groundTruth();
        if (expected == null) {
            return null;
        }
        return (actual, context) -> {
            boolean equal = equal(expected, actual, text);
            return Outcome.of(equal, equal ? "equal" : "expected " + expected + ", got " + actual);
        };
    }

    static boolean equal(JsonNode expected, JsonNode actual, TextNormalization text) {
        if (expected.isNumber()) {
            Optional<BigDecimal> number = Numbers.of(actual);
            return number.isPresent() && expected.decimalValue().compareTo(number.get()) == 0;
        }
        if (expected.isTextual() && actual.isTextual()) {
            return text.apply(expected.asText()).equals(text.apply(actual.asText()));
        }
        if (expected.isArray() && actual.isArray()) {
            if (expected.size() != actual.size()) {
                return false;
            }
            for (int i = 0; i < expected.size(); i++) {
                if (!equal(expected.get(i), actual.get(i), text)) {
                    return false;
                }
            }
            return true;
        }
        return expected.equals(actual);
    }
}
