package dev.assay.rubric.service.trait;

import dev.assay.common.benchmark.RubricTrait;
import dev.assay.common.pipeline.TraitScore;
import dev.assay.rubric.service.JudgeSession;
import dev.assay.rubric.service.TraitInput;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Every {@link TraitEvaluator} by kind; scores a rubric's traits kind by kind, keeping their order. */
@ApplicationScoped
public class TraitEvaluators {

    private final Map<String, TraitEvaluator> byKind = new LinkedHashMap<>();

    @Inject
    public TraitEvaluators(Instance<TraitEvaluator> evaluators) {
        this(evaluators.stream().toList());
    }

    public TraitEvaluators(Collection<TraitEvaluator> evaluators) {
        for (TraitEvaluator evaluator : evaluators) {
            TraitEvaluator clash = byKind.putIfAbsent(evaluator.kind(), evaluator);
            if (clash != null) {
                throw new IllegalStateException("two evaluators for trait kind " + evaluator.kind() + ": "
                        + clash.getClass().getName() + " and " + evaluator.getClass().getName());
            }
        }
    }

    /** One score per trait, in the traits' order. */
    public List<TraitScore> score(List<RubricTrait> traits, TraitInput input, JudgeSession judge) {
        Map<String, List<Integer>> positions = new LinkedHashMap<>();
        for (int i = 0; i < traits.size(); i++) {
            positions.computeIfAbsent(traits.get(i).kind() == null ? "" : traits.get(i).kind(), kind -> new ArrayList<>()).add(i);
        }
        TraitScore[] scores = new TraitScore[traits.size()];
        positions.forEach((kind, indexes) -> {
            List<RubricTrait> ofKind = indexes.stream().map(traits::get).toList();
            TraitEvaluator evaluator = byKind.get(kind);
            List<TraitScore> kindScores = evaluator == null
                    ? ofKind.stream().map(trait -> TraitScore.failed(trait.name(), trait.kind(),
                            "trait kind \"" + kind + "\" is not supported by this rubric service (it has: "
                                    + String.join(", ", byKind.keySet()) + ")")).toList()
                    : evaluator.evaluate(ofKind, input, judge);
            if (kindScores.size() != ofKind.size()) {
                throw new IllegalStateException(evaluator.getClass().getName() + " returned " + kindScores.size()
                        + " scores for " + ofKind.size() + " traits");
            }
            for (int k = 0; k < indexes.size(); k++) {
                scores[indexes.get(k)] = kindScores.get(k);
            }
        });
        return List.of(scores);
    }
}
