package dev.assay.common.template.primitive;

import dev.assay.common.benchmark.FieldType;

import java.util.List;
import java.util.Set;

/** At least one of the terms is in the parsed text or list; see {@link Terms}. */
public final class ContainsAny implements VerificationPrimitive {

    public static final String NAME = "contains_any";

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
            return Outcome.of(!found.isEmpty(), found.isEmpty() ? "none of " + terms.terms() + " found" : "found " + found);
        };
    }
}
