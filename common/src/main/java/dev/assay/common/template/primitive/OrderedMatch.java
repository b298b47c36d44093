package dev.assay.common.template.primitive;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.benchmark.FieldType;

import java.util.List;
import java.util.Set;

/**
 * The parsed list equals the ground truth item by item, in order; text items go through the
 * {@code normalizers} (default {@code [strip]}), numbers compare by value. Graded: the score is the
 * share of positions that agree, over the longer list (two empty lists agree fully).
 */
public final class OrderedMatch implements VerificationPrimitive {

    public static final String NAME = "ordered_match";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Set<FieldType> fieldTypes() {
        return Set.of(FieldType.LIST);
    }

    @Override
    public FieldCheck configure(Params params) {
        ListItems items = new ListItems(TextNormalization.read(params, false), params.field().items() == FieldType.NUMBER);
        JsonNode truth = params.groundTruth();
        if (truth == null || !truth.isArray()) {
            return null;
        }
        List<String> expected = items.keys(truth);
        return (actual, context) -> {
            if (!actual.isArray()) {
                return Outcome.fail("expected a list, got " + actual);
            }
            List<String> parsed = items.keys(actual);
            int longer = Math.max(parsed.size(), expected.size());
            int agree = 0;
            for (int i = 0; i < Math.min(parsed.size(), expected.size()); i++) {
                if (parsed.get(i).equals(expected.get(i))) {
                    agree++;
                }
            }
            boolean passed = agree == longer;
            double score = longer == 0 ? 1 : (double) agree / longer;
            return new Outcome(passed, score, passed ? "equal" : "expected " + truth + ", got " + actual
                    + " (" + agree + " of " + longer + " positions agree)");
        };
    }
}
