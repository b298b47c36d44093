package dev.assay.common.template.primitive;

import java.util.List;

/** At least one of the terms is in the parsed text or list; see {@link Terms}. */
public final class ContainsAny extends TermsPrimitive {

    public static final String NAME = "contains_any";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    Outcome judge(List<String> terms, List<String> found) {
        return Outcome.of(!found.isEmpty(), found.isEmpty() ? "none of " + terms + " found" : "found " + found);
    }
}
