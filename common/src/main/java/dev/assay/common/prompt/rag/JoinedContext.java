package dev.assay.common.prompt.rag;

import java.util.List;

/**
 * The context block built from a question's passages, and what became of each passage, so a
 * report can say which passages the answering model actually saw.
 *
 * @param text       the block, empty when no passage went in
 * @param numbered   whether passages carry {@code [P1]}, {@code [P2]} … labels
 * @param placements one per input passage, in input order
 */
public record JoinedContext(String text, boolean numbered, List<Placement> placements) {

    /** How much of a passage went into the block. */
    public enum Inclusion {
        WHOLE, CUT, LEFT_OUT
    }

    /**
     * @param index  the passage's position in the question's list (0-based; its label is {@code [P<index+1>]})
     * @param source the passage's source, as given
     */
    public record Placement(int index, String source, Inclusion inclusion) {
    }

    public JoinedContext {
        placements = List.copyOf(placements);
    }

    public boolean isEmpty() {
        return text.isEmpty();
    }

    public List<Placement> whole() {
        return with(Inclusion.WHOLE);
    }

    public List<Placement> cut() {
        return with(Inclusion.CUT);
    }

    public List<Placement> leftOut() {
        return with(Inclusion.LEFT_OUT);
    }

    private List<Placement> with(Inclusion inclusion) {
        return placements.stream().filter(placement -> placement.inclusion() == inclusion).toList();
    }
}
