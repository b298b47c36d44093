package dev.assay.stage.rubric.trait;

import dev.assay.common.benchmark.RubricTrait;
import dev.assay.common.pipeline.TraitScore;
import dev.assay.core.session.ModelSession;
import dev.assay.stage.rubric.evaluation.TraitInput;

import java.util.List;
import java.util.Set;

/**
 * Scores the traits of one kind (or of a few kinds scored together). Implementations are CDI
 * beans; {@link TraitEvaluators} finds them by {@link #kinds()}, so a new kind is one new bean
 * (plus its {@code TraitKind} in common).
 *
 * <p>Contract: returns exactly one score per trait, in the given order, and never throws for a
 * failed judge call: a trait that could not be scored carries its error, the others stand.
 */
public interface TraitEvaluator {

    /** The trait kind this evaluator scores ({@code RubricTrait.kind()}). */
    String kind();

    /**
     * Every kind this evaluator scores; no two evaluators share one. Just {@link #kind()}, unless
     * traits of several kinds are scored together: boolean and score traits share one batched
     * judge call, so one evaluator claims both and gets them in one {@link #evaluate} call.
     */
    default Set<String> kinds() {
        return Set.of(kind());
    }

    /** Scores {@code traits}, all of them of this evaluator's kinds, in the order given. */
    List<TraitScore> evaluate(List<RubricTrait> traits, TraitInput input, ModelSession judge);
}
