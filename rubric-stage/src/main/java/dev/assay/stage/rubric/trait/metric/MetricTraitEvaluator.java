package dev.assay.stage.rubric.trait.metric;

import dev.assay.common.prompt.judge.JudgeInputs;
import dev.assay.common.prompt.judge.JudgeTasks;
import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.benchmark.RubricTrait;
import dev.assay.common.pipeline.TraitScore;
import dev.assay.core.llm.ModelCallException;
import dev.assay.stage.rubric.evaluation.JudgeFailures;
import dev.assay.core.session.ModelSession;
import dev.assay.stage.rubric.evaluation.TraitInput;
import dev.assay.stage.rubric.trait.TraitEvaluator;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.List;

/**
 * Metric traits: one call per trait (task {@code rubric_metric_trait}), whatever the rubric
 * strategy, since each has its own instruction lists. The judge classifies every instruction; the
 * figures are computed here ({@link MetricArithmetic}), never taken from the judge. An answer that
 * leaves an instruction out or lists one twice is repaired like malformed output; when it stays
 * wrong, that trait fails and the others stand.
 */
@ApplicationScoped
public class MetricTraitEvaluator implements TraitEvaluator {

    @Override
    public String kind() {
        return RubricTrait.METRIC;
    }

    @Override
    public List<TraitScore> evaluate(List<RubricTrait> traits, TraitInput input, ModelSession judge) {
        return traits.stream().map(trait -> score(trait, input, judge)).toList();
    }

    private static TraitScore score(RubricTrait trait, TraitInput input, ModelSession judge) {
        try {
            JsonNode answer = judge.ask(JudgeTasks.METRIC_TRAIT,
                    new JudgeInputs.Traits(input.question().question(), input.response(), List.of(trait)), MetricAnswer.check(trait));
            return MetricAnswer.score(trait, answer);
        } catch (ModelCallException e) {
            // one trait per call: an answer that stayed invalid fails just this trait, naming what was wrong with it
            String error = JudgeFailures.lastAnswer(e).isPresent()
                    ? JudgeFailures.invalidAnswer(trait.name(), e, e.portError().getMessage())
                    : JudgeFailures.callFailed("trait " + trait.name(), e);
            return TraitScore.failed(trait.name(), trait.kind(), error);
        }
    }
}
