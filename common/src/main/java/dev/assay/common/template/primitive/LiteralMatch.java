package dev.assay.common.template.primitive;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.benchmark.FieldType;

import java.util.Locale;
import java.util.Set;

/**
 * The parsed value is one of the literal field's allowed values and is the ground truth.
 * {@code case_sensitive: false} ignores case; surrounding whitespace is always ignored.
 */
public final class LiteralMatch implements VerificationPrimitive {

    public static final String NAME = "literal";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Set<FieldType> fieldTypes() {
        return Set.of(FieldType.LITERAL);
    }

    @Override
    public FieldCheck configure(Params params) {
        boolean caseSensitive = params.bool("case_sensitive", true);
        JsonNode expected = params.groundTruth();
        if (expected == null || params.field().values() == null) {
            return null;
        }
        return (actual, context) -> {
            if (!actual.isTextual()) {
                return Outcome.fail("expected one of " + context.field().values() + ", got " + actual);
            }
            String value = key(actual.asText(), caseSensitive);
            boolean allowed = context.field().values().stream().anyMatch(v -> key(v, caseSensitive).equals(value));
            if (!allowed) {
                return Outcome.fail(actual + " is not one of the allowed values " + context.field().values());
            }
            boolean equal = value.equals(key(expected.asText(), caseSensitive));
            return Outcome.of(equal, equal ? "equal" : "expected " + expected + ", got " + actual);
        };
    }

    private static String key(String text, boolean caseSensitive) {
        String stripped = text.strip();
        return caseSensitive ? stripped : stripped.toLowerCase(Locale.ROOT);
    }
}
