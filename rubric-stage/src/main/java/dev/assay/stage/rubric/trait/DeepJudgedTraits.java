package dev.assay.stage.rubric.trait;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.benchmark.RubricTrait;
import dev.assay.common.pipeline.Excerpt;
import dev.assay.common.pipeline.Failure;
import dev.assay.common.pipeline.FailureCategory;
import dev.assay.common.pipeline.Stage;
import dev.assay.common.pipeline.TraitDeepJudgment;
import dev.assay.common.pipeline.TraitScore;
import dev.assay.common.prompt.judge.DeepJudgmentPrompts;
import dev.assay.common.prompt.judge.ExcerptCheck;
import dev.assay.common.prompt.judge.JudgeInputs;
import dev.assay.common.prompt.judge.JudgeTasks;
import dev.assay.common.prompt.judge.TraitAnswer;
import dev.assay.common.run.DeepJudgmentSettings;
import dev.assay.common.benchmark.TraitDeepJudgmentSettings;
import dev.assay.core.llm.ModelCallException;
import dev.assay.core.search.ExcerptSearch;
import dev.assay.core.search.SearchTools;
import dev.assay.core.session.ModelSession;
import dev.assay.stage.rubric.evaluation.JudgeFailures;
import dev.assay.stage.rubric.evaluation.TraitInput;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Deep judgment of one boolean or score trait (Karenina's), with the trait's own settings
 * ({@link DeepJudgmentSettings#forTrait}): verbatim excerpts bearing on it (checked against the
 * response, the call repeated with feedback while a quote is not found), optionally each excerpt
 * searched and its hallucination risk assessed (one call per excerpt), reasoning from them, then
 * the score from that reasoning. With {@code excerpt_enabled: false} the reasoning reads the whole
 * response. A trait left without a valid excerpt keeps its score but auto-fails the result
 * ({@link #autofail}); a hallucination risk never does.
 */
public final class DeepJudgedTraits {

    private DeepJudgedTraits() {
    }

    static TraitScore score(RubricTrait trait, TraitDeepJudgmentSettings own, TraitInput input, ModelSession judge,
                            SearchTools searchTools) {
        DeepJudgmentSettings run = input.settings().effectiveDeepJudgment();
        String question = input.question().question();
        String response = input.response();
        try {
            int calls = 0;
            int retries = 0;
            List<Excerpt> excerpts = null;
            String risk = null;
            String searchFailure = null;
            if (own.usesExcerpts()) {
                String feedback = null;
                ExcerptCheck.Checked checked = null;
                int maxRetries = own.effectiveRetries(run.effectiveRetries());
                double threshold = own.effectiveThreshold(run.effectiveThreshold());
                for (int attempt = 0; attempt <= maxRetries; attempt++) {
                    JsonNode quoted = judge.ask(JudgeTasks.DJ_RUBRIC_EXCERPTS, new JudgeInputs.TraitExcerpts(question, response, trait,
                            own.effectiveMaxExcerpts(), feedback));
                    calls++;
                    checked = ExcerptCheck.check(trait.name(), quoted, response, threshold);
                    if (checked.rejected().isEmpty() || attempt == maxRetries) {
                        break;
                    }
                    feedback = ExcerptCheck.feedback(checked.rejected(), threshold);
                    retries++;
                }
                excerpts = checked.valid();
                if (own.searches() && !excerpts.isEmpty()) {
                    ExcerptSearch.Searched searched = ExcerptSearch.search(searchTools, run.searchTool(), Map.of(trait.name(), excerpts));
                    searchFailure = searched.failure();
                    if (searched.searched()) {
                        List<Excerpt> assessed = new ArrayList<>();
                        for (Excerpt excerpt : searched.excerpts().get(trait.name())) {
                            assessed.add(assess(judge, question, trait, excerpt));
                            calls++;
                        }
                        excerpts = assessed;
                        risk = DeepJudgmentPrompts.highestRisk(excerpts.stream().map(Excerpt::hallucinationRisk)
                                .filter(Objects::nonNull).toList());
                    }
                }
            }
            String reasoning = judge.ask(JudgeTasks.DJ_RUBRIC_REASONING, new JudgeInputs.TraitReasoning(question, response, trait, excerpts));
            calls++;
            JsonNode answer = judge.ask(JudgeTasks.DJ_RUBRIC_SCORE, new JudgeInputs.ReasonedTrait(question, response, trait, reasoning));
            calls++;
            TraitDeepJudgment trace = new TraitDeepJudgment(excerpts, reasoning, excerpts != null && excerpts.isEmpty(), calls, retries,
                    risk, searchFailure, own.usesExcerpts() ? null : false);
            TraitAnswer.Reading reading = TraitAnswer.of(trait).readAnswer(answer);
            TraitScore score = reading.usable() ? reading.score()
                    : TraitScore.failed(trait.name(), trait.kind(), JudgeFailures.invalidAnswer(trait.name(), null, reading.problem()));
            return score.toBuilder().deepJudgment(trace).build();
        } catch (ModelCallException e) {
            return TraitScore.failed(trait.name(), trait.kind(), JudgeFailures.callFailed("trait " + trait.name(), e));
        }
    }

    /** One excerpt's risk against its search results; an answer without a usable risk leaves the excerpt unassessed. */
    private static Excerpt assess(ModelSession judge, String question, RubricTrait trait, Excerpt excerpt) {
        Map<String, JudgeInputs.Risk> risks = judge.ask(JudgeTasks.DJ_RUBRIC_HALLUCINATION, new JudgeInputs.ExcerptAssessment(question,
                List.of(new JudgeInputs.SearchedExcerpt("e1", trait.name(), excerpt))));
        JudgeInputs.Risk risk = risks.get("e1");
        if (risk == null && risks.size() == 1) {
            // one excerpt asked: an answer under another id is still about it
            risk = risks.values().iterator().next();
        }
        return risk == null ? excerpt : excerpt.withRisk(risk.risk(), risk.justification());
    }

    /** The result's autofail when a deep-judged trait found no excerpt in the response (Karenina's rule); null otherwise. */
    public static Failure autofail(List<TraitScore> scores) {
        List<String> missing = scores.stream()
                .filter(score -> score.deepJudgment() != null && score.deepJudgment().withoutExcerpts())
                .map(TraitScore::name).toList();
        return missing.isEmpty() ? null : new Failure(FailureCategory.DEEP_JUDGMENT_AUTOFAIL, Stage.RUBRIC,
                "deep judgment found no excerpt in the response for trait " + String.join(", ", missing), null);
    }
}
