package dev.assay.common.template.primitive;

import dev.assay.common.benchmark.FieldType;

import java.util.List;
import java.util.Set;

/**
 * What {@code contains_all} and {@code contains_any} share: their terms are read the same way
 * ({@link Terms}) and found the same way in text or a list; only the verdict on what was found differs.
 */
abstract class TermsPrimitive implements VerificationPrimitive {

    @Override
    public final Set<FieldType> fieldTypes() {
        return Set.of(FieldType.STRING, FieldType.LIST);
    }

    @Override
    public final FieldCheck configure(Params params) {
        Terms terms = Terms.read(params);
        if (terms == null) {
            return null;
        }
        return (actual, context) -> {
            List<String> found = terms.found(actual);
            if (found == null) {
                return Outcome.fail("expected text or a list, got " + actual);
            }
            return judge(terms.terms(), found);
        };
    }

    /** The outcome, given every term and those found. */
    abstract Outcome judge(List<String> terms, List<String> found);
}
