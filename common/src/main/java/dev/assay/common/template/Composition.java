package dev.assay.common.template;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.benchmark.AnswerTemplate;
import dev.assay.common.pipeline.FieldVerdict;
import dev.assay.common.validation.Problems;
import dev.assay.common.text.Suggestions;

import java.util.List;

/**
 * How field verdicts make the template's: {@code all_of} (default; every field passes),
 * {@code any_of} (one is enough) or {@code {at_least_n: N}} (N fields or more).
 *
 * @param atLeast the number of fields that must pass
 */
public record Composition(String kind, int atLeast) {

    public static final String ALL_OF = "all_of";
    public static final String ANY_OF = "any_of";
    public static final String AT_LEAST_N = "at_least_n";
    static final List<String> NAMES = List.of(ALL_OF, ANY_OF);

    /** Reads the template's {@code composition}; reports problems and falls back to {@code all_of}. */
    /** The template's composition as read; call on a validated template. */
    public static Composition of(AnswerTemplate template) {
        return read(template.composition(), template.fields().size(), "composition", new Problems());
    }

    public static Composition read(JsonNode node, int fieldCount, String path, Problems problems) {
        if (node == null || node.isNull()) {
            return new Composition(ALL_OF, fieldCount);
        }
        if (node.isTextual()) {
            String name = node.asText();
            if (ALL_OF.equals(name)) {
                return new Composition(ALL_OF, fieldCount);
            }
            if (ANY_OF.equals(name)) {
                return new Composition(ANY_OF, 1);
            }
            problems.add(path, "unknown composition \"" + name + "\"" + Suggestions.didYouMean(name, List.of(ALL_OF, ANY_OF, AT_LEAST_N))
                    + "; expected all_of, any_of or {at_least_n: N}");
            return new Composition(ALL_OF, fieldCount);
        }
        if (node.isObject() && node.size() == 1 && node.has(AT_LEAST_N)) {
            JsonNode n = node.get(AT_LEAST_N);
            if (!n.isIntegralNumber() || n.asInt() < 1 || n.asInt() > fieldCount) {
                problems.add(Problems.field(path, AT_LEAST_N), "must be a whole number from 1 to the number of fields (" + fieldCount
                        + "), got " + n);
                return new Composition(ALL_OF, fieldCount);
            }
            return new Composition(AT_LEAST_N, n.asInt());
        }
        problems.add(path, "must be all_of, any_of or {at_least_n: N}, got " + node);
        return new Composition(ALL_OF, fieldCount);
    }

    public boolean passes(List<FieldVerdict> verdicts) {
        long passed = verdicts.stream().filter(FieldVerdict::passed).count();
        return !verdicts.isEmpty() && passed >= Math.min(atLeast, verdicts.size());
    }
}
