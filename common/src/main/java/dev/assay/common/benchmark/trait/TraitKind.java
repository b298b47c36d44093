package dev.assay.common.benchmark.trait;

import dev.assay.common.benchmark.TraitScope;
import dev.assay.common.benchmark.RubricTrait;
import dev.assay.common.validation.Problems;

import java.util.List;

/**
 * One kind of rubric trait, as far as the benchmark file is concerned: its name, the fields it
 * uses, and what they must hold. Kinds are registered in {@link TraitKinds}; a new kind also
 * needs a scorer in rubric-service (docs/rubrics.md, "Adding a trait kind").
 */
public interface TraitKind {

    /** The {@code kind} value in a benchmark file. */
    String name();

    /** The kind's own fields (file names), besides name, kind, description and summary. */
    List<String> fields();

    /** Whether scoring a trait of this kind calls the judge (else it is computed locally). */
    boolean judged();

    /** Adds a problem for everything wrong with {@code trait}, under {@code path}. */
    void validate(RubricTrait trait, TraitScope scope, String path, Problems problems);
}
