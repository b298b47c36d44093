package dev.assay.common.template.primitive;

import dev.assay.common.benchmark.FieldType;

import java.util.List;
import java.util.Set;

/** Every term is in the parsed text or list; graded: the score is the share of terms found. See {@link Terms}. */
public final class ContainsAll implements VerificationPrimitive {

    public static final String NAME = "contains_all";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Set<FieldType> fieldTypes() {
        return Set.of(FieldType.STRING, FieldType.LIST);
    }

    @Override
    public FieldCheck configure(Params params) {
        Terms terms = Terms.read(params);
        if (terms == null) {
            return null;
        }
        return (actual, context) -> {
            List<String> found = terms.found(actual);
            if (found == null) {
                return Outcome.fail("expected text or a list, got " + actual);
            }
            List<String> missing = terms.terms().stream().filter(term -> !found.contains(term)).toList();
            double score = (double) found.size() / terms.terms().size();
            return new Outcome(missing.isEmpty(), score, missing.isEmpty() ? "found all of " + found : "missing " + missing);
        };
    }
}
