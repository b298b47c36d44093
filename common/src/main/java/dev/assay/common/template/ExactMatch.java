package dev.assay.common.template;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.benchmark.TemplateField;
import dev.assay.common.pipeline.FieldVerdict;

import java.math.BigDecimal;

/**
 * The default verification: the parsed value equals the ground truth. Text is compared after
 * trimming surrounding whitespace; numbers by value ({@code 8} equals {@code 8.0}); lists item by
 * item, in order. A null (the judge found nothing) never matches.
 */
public final class ExactMatch {

    public static final String NAME = "exact";

    private ExactMatch() {
    }

    public static FieldVerdict verify(String name, TemplateField field, JsonNode actual) {
        JsonNode expected = field.groundTruth();
        if (actual == null || actual.isNull() || actual.isMissingNode()) {
            return new FieldVerdict(name, NAME, expected, actual, false, 0, "the judge found no value");
        }
        boolean passed = equal(expected, actual);
        return new FieldVerdict(name, NAME, expected, actual, passed, passed ? 1 : 0,
                passed ? "equal" : "expected " + expected + ", got " + actual);
    }

    static boolean equal(JsonNode expected, JsonNode actual) {
        if (expected.isNumber() && actual.isNumber()) {
            return toDecimal(expected).compareTo(toDecimal(actual)) == 0;
        }
        if (expected.isNumber() && actual.isTextual()) {
            try {
                return toDecimal(expected).compareTo(new BigDecimal(actual.asText().strip())) == 0;
            } catch (NumberFormatException e) {
                return false;
            }
        }
        if (expected.isTextual() && actual.isTextual()) {
            return expected.asText().strip().equals(actual.asText().strip());
        }
        if (expected.isArray() && actual.isArray()) {
            if (expected.size() != actual.size()) {
                return false;
            }
            for (int i = 0; i < expected.size(); i++) {
                if (!equal(expected.get(i), actual.get(i))) {
                    return false;
                }
            }
            return true;
        }
        return expected.equals(actual);
    }

    private static BigDecimal toDecimal(JsonNode number) {
        return number.decimalValue();
    }
}
