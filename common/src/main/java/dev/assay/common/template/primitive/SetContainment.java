package dev.assay.common.template.primitive;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.benchmark.FieldType;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The parsed list, as a set (order and repeats ignored), compared with the ground truth:
 * {@code mode: equal} (default), {@code subset} (every parsed item is in the ground truth) or
 * {@code superset} (every ground-truth item was parsed). Text items go through the
 * {@code normalizers} (default {@code [strip]}).
 *
 * <p>Graded: for {@code superset} the share of ground-truth items found, for {@code subset} the share
 * of parsed items that are right, for {@code equal} the overlap (Jaccard: common / all). An empty
 * parsed list is a subset of anything — vacuously right, so pair {@code subset} with a field the
 * judge fills only when the response names something.
 */
public final class SetContainment implements VerificationPrimitive {

    public static final String NAME = "set_containment";
    public static final List<String> MODES = List.of("equal", "subset", "superset");

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
        String mode = params.oneOf("mode", MODES, "equal");
        ListItems items = new ListItems(TextNormalization.read(params, false), params.field().items() == FieldType.NUMBER);
        JsonNode truth = params.groundTruth();
        if (truth == null || !truth.isArray()) {
            return null;
        }
        Set<String> expected = new LinkedHashSet<>(items.keys(truth));
        return (actual, context) -> {
            if (!actual.isArray()) {
                return Outcome.fail("expected a list, got " + actual);
            }
            Set<String> parsed = new LinkedHashSet<>(items.keys(actual));
            Set<String> common = new LinkedHashSet<>(parsed);
            common.retainAll(expected);
            Set<String> union = new LinkedHashSet<>(parsed);
            union.addAll(expected);
            double score = switch (mode) {
                case "subset" -> share(common.size(), parsed.size());
                case "superset" -> share(common.size(), expected.size());
                default -> share(common.size(), union.size());
            };
            boolean passed = switch (mode) {
                case "subset" -> expected.containsAll(parsed);
                case "superset" -> parsed.containsAll(expected);
                default -> parsed.equals(expected);
            };
            return new Outcome(passed, score, (passed ? "" : "not ") + describe(mode) + " of " + truth + ": got " + actual);
        };
    }

    private static double share(int part, int whole) {
        return whole == 0 ? 1 : (double) part / whole;
    }

    private static String describe(String mode) {
        return switch (mode) {
            case "subset" -> "a subset";
            case "superset" -> "a superset";
            default -> "the same set";
        };
    }
}
