package dev.assay.common.template.primitive;

import dev.assay.common.benchmark.RegexFlags;
import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.benchmark.FieldType;
import dev.assay.common.validation.Problems;

import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * The parsed text matches a regular expression: {@code pattern} (default: the ground truth),
 * {@code mode: search} (default; a match anywhere) or {@code full} (the whole text), and
 * {@code flags} ({@code ignore_case}, {@code multiline}, {@code dotall}).
 */
public final class RegexMatch implements VerificationPrimitive {

    public static final String NAME = "regex";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Set<FieldType> fieldTypes() {
        return Set.of(FieldType.STRING, FieldType.LITERAL);
    }

    @Override
    public FieldCheck configure(Params params) {
        boolean full = "full".equals(params.oneOf("mode", List.of("search", "full"), "search"));
        int flags = RegexFlags.of(params.texts("flags", List.of()), (i, message) -> params.error(Problems.index("flags", i), message));
        String source = params.text("pattern", null);
        String where = "pattern";
        if (source == null) {
            JsonNode truth = params.groundTruth();
            if (truth == null) {
                return null;
            }
            source = truth.asText();
            where = null;
        }
        Pattern pattern;
        try {
            pattern = RegexFlags.compile(source, flags);
        } catch (PatternSyntaxException e) {
            if (where == null) {
                params.fieldError("ground_truth", "invalid regular expression: " + e.getDescription() + " near index " + e.getIndex());
            } else {
                params.error(where, "invalid regular expression: " + e.getDescription() + " near index " + e.getIndex());
            }
            return null;
        }
        return (actual, context) -> {
            if (!actual.isTextual()) {
                return Outcome.fail("expected text, got " + actual);
            }
            var matcher = pattern.matcher(actual.asText());
            boolean matched = full ? matcher.matches() : matcher.find();
            return Outcome.of(matched, (matched ? "matches " : "does not match ") + (full ? "the whole of /" : "/") + pattern + "/");
        };
    }
}
