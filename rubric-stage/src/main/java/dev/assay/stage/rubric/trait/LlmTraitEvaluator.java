package dev.assay.stage.rubric.trait;

import dev.assay.common.benchmark.RubricTrait;
import dev.assay.common.pipeline.TraitScore;
import dev.assay.common.prompt.judge.JudgeTasks;
import dev.assay.common.run.DeepJudgmentSettings;
import dev.assay.common.benchmark.TraitDeepJudgmentSettings;
import dev.assay.core.search.SearchTools;
import dev.assay.core.session.ModelSession;
import dev.assay.stage.rubric.evaluation.TraitInput;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Boolean and score traits, the "LLM traits": one evaluator for both kinds so that the
 * {@code batch} strategy asks them all in one call ({@code rubric_llm_trait_batch}); under
 * {@code sequential}, one call per trait ({@code rubric_llm_trait_single}). A trait under deep
 * judgment (chosen per trait, {@link DeepJudgmentSettings#forTrait}) is judged on its own instead.
 */
@ApplicationScoped
public class LlmTraitEvaluator implements TraitEvaluator {

    private final JudgedTraitCalls calls = new JudgedTraitCalls(JudgeTasks.LLM_TRAIT_BATCH, JudgeTasks.LLM_TRAIT_SINGLE);
    private final SearchTools searchTools;

    @Inject
    public LlmTraitEvaluator(SearchTools searchTools) {
        this.searchTools = searchTools;
    }

    public LlmTraitEvaluator() {
        this(SearchTools.NONE);
    }

    @Override
    public String kind() {
        return RubricTrait.BOOLEAN;
    }

    @Override
    public Set<String> kinds() {
        return Set.of(RubricTrait.BOOLEAN, RubricTrait.SCORE);
    }

    @Override
    public List<TraitScore> evaluate(List<RubricTrait> traits, TraitInput input, ModelSession judge) {
        DeepJudgmentSettings run = input.settings().effectiveDeepJudgment();
        Map<String, TraitDeepJudgmentSettings> deep = new LinkedHashMap<>();
        List<RubricTrait> plain = new ArrayList<>();
        for (RubricTrait trait : traits) {
            TraitDeepJudgmentSettings own = run.forTrait(input.question().id(), trait.name(), trait.deepJudgment());
            if (own.isEnabled()) {
                deep.put(trait.name(), own);
            } else {
                plain.add(trait);
            }
        }
        if (deep.isEmpty()) {
            return calls.score(traits, input, judge);
        }
        Map<String, TraitScore> byName = new HashMap<>();
        if (!plain.isEmpty()) {
            calls.score(plain, input, judge).forEach(score -> byName.put(score.name(), score));
        }
        for (RubricTrait trait : traits) {
            if (deep.containsKey(trait.name())) {
                byName.put(trait.name(), DeepJudgedTraits.score(trait, deep.get(trait.name()), input, judge, searchTools));
            }
        }
        // in the rubric's order, as without deep judgment
        return traits.stream().map(trait -> byName.get(trait.name())).toList();
    }
}
