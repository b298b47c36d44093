package dev.assay.stage.rubric.trait;

import dev.assay.common.benchmark.RubricTrait;
import dev.assay.common.pipeline.TraitScore;
import dev.assay.core.session.ModelSession;
import dev.assay.stage.rubric.evaluation.TraitInput;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Every {@link TraitEvaluator} by the kinds it claims. Scores a rubric's traits evaluator by
 * evaluator (each gets all of its traits at once, whatever their kind, so it can batch them) and
 * puts the scores back in the traits' order.
 */
@ApplicationScoped
public class TraitEvaluators {

    private final Map<String, TraitEvaluator> byKind = new TreeMap<>();

    @Inject
    public TraitEvaluators(Instance<TraitEvaluator> evaluators) {
        this(evaluators.stream().toList());
    }

    public TraitEvaluators(Collection<TraitEvaluator> evaluators) {
        for (TraitEvaluator evaluator : evaluators) {
            for (String kind : evaluator.kinds()) {
                TraitEvaluator clash = byKind.putIfAbsent(kind, evaluator);
                if (clash != null) {
                    throw new IllegalStateException("two evaluators for trait kind " + kind + ": "
                            + clash.getClass().getName() + " and " + evaluator.getClass().getName());
                }
            }
        }
    }

    /** One score per trait, in the traits' order. */
    public List<TraitScore> score(List<RubricTrait> traits, TraitInput input, ModelSession judge) {
        TraitScore[] scores = new TraitScore[traits.size()];
        Map<TraitEvaluator, List<Integer>> positions = new LinkedHashMap<>();
        for (int i = 0; i < traits.size(); i++) {
            RubricTrait trait = traits.get(i);
            TraitEvaluator evaluator = trait.kind() == null ? null : byKind.get(trait.kind());
            if (evaluator == null) {
                scores[i] = TraitScore.failed(trait.name(), trait.kind(), "trait kind \"" + trait.kind()
                        + "\" is not supported by this rubric service (it has: " + String.join(", ", byKind.keySet()) + ")");
            } else {
                positions.computeIfAbsent(evaluator, any -> new ArrayList<>()).add(i);
            }
        }
        positions.forEach((evaluator, indexes) -> {
            List<RubricTrait> claimed = indexes.stream().map(traits::get).toList();
            List<TraitScore> claimedScores = evaluator.evaluate(claimed, input, judge);
            if (claimedScores.size() != claimed.size()) {
                throw new IllegalStateException(evaluator.getClass().getName() + " returned " + claimedScores.size()
                        + " scores for " + claimed.size() + " traits");
            }
            for (int k = 0; k < indexes.size(); k++) {
                scores[indexes.get(k)] = claimedScores.get(k);
            }
        });
        return List.of(scores);
    }
}
