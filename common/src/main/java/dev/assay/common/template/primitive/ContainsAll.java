package dev.assay.common.template.primitive;

import java.util.List;

/** Every term is in the parsed text or list; graded: the score is the share of terms found. See {@link Terms}. */
public final class ContainsAll extends TermsPrimitive {

    public static final String NAME = "contains_all";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    Outcome judge(List<String> terms, List<String> found) {
        List<String> missing = terms.stream().filter(term -> !found.contains(term)).toList();
        double score = (double) found.size() / terms.size();
        return new Outcome(missing.isEmpty(), score, missing.isEmpty() ? "found all of " + found : "missing " + missing);
    }
}
