package dev.assay.rubric.service.trait;

import dev.assay.common.benchmark.RubricTrait;
import dev.assay.common.pipeline.TraitScore;
import dev.assay.rubric.service.JudgeSession;
import dev.assay.rubric.service.TraitInput;

import java.util.List;

/**
 * Scores the traits of one kind. Implementations are CDI beans; {@link TraitEvaluators} finds
 * them by {@link #kind()}, so a new kind is one new bean (plus its {@code TraitKind} in common).
 *
 * <p>Contract: returns exactly one score per trait, in the given order, and never throws for a
 * failed judge call: a trait that could not be scored carries its error, the others stand.
 */
public interface TraitEvaluator {

    /** The trait kind this evaluator scores ({@code RubricTrait.kind()}). */
    String kind();

    List<TraitScore> evaluate(List<RubricTrait> traits, TraitInput input, JudgeSession judge);
}
