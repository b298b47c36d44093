package dev.assay.stage.rubric.trait;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.benchmark.RubricTrait;
import dev.assay.common.pipeline.Excerpt;
import dev.assay.common.pipeline.Failure;
import dev.assay.common.pipeline.FailureCategory;
import dev.assay.common.pipeline.Stage;
import dev.assay.common.pipeline.TraitDeepJudgment;
import dev.assay.common.pipeline.TraitScore;
import dev.assay.common.prompt.judge.ExcerptCheck;
import dev.assay.common.prompt.judge.JudgeInputs;
import dev.assay.common.prompt.judge.JudgeTasks;
import dev.assay.common.prompt.judge.TraitAnswer;
import dev.assay.common.run.DeepJudgmentSettings;
import dev.assay.core.llm.ModelCallException;
import dev.assay.core.session.ModelSession;
import dev.assay.stage.rubric.evaluation.JudgeFailures;
import dev.assay.stage.rubric.evaluation.TraitInput;

import java.util.List;

/**
 * Deep judgment of boolean and score traits (Karenina's, run config {@code deep_judgment.rubric}):
 * per trait, verbatim excerpts bearing on it (checked against the response, the call repeated with
 * feedback while a quote is not found), reasoning from them, then the score from that reasoning.
 * A trait left without a valid excerpt keeps its score but auto-fails the result ({@link #autofail}).
 */
public final class DeepJudgedTraits {

    private DeepJudgedTraits() {
    }

    static List<TraitScore> score(List<RubricTrait> traits, TraitInput input, ModelSession judge, DeepJudgmentSettings settings) {
        return traits.stream().map(trait -> score(trait, input, judge, settings)).toList();
    }

    private static TraitScore score(RubricTrait trait, TraitInput input, ModelSession judge, DeepJudgmentSettings settings) {
        String question = input.question().question();
        String response = input.response();
        try {
            int calls = 0;
            int retries = 0;
            String feedback = null;
            ExcerptCheck.Checked checked = null;
            for (int attempt = 0; attempt <= settings.effectiveRetries(); attempt++) {
                JsonNode quoted = judge.ask(JudgeTasks.DJ_RUBRIC_EXCERPTS, new JudgeInputs.TraitExcerpts(question, response, trait,
                        DeepJudgmentSettings.RUBRIC_MAX_EXCERPTS, feedback));
                calls++;
                checked = ExcerptCheck.check(trait.name(), quoted, response, settings.effectiveThreshold());
                if (checked.rejected().isEmpty() || attempt == settings.effectiveRetries()) {
                    break;
                }
                feedback = ExcerptCheck.feedback(checked.rejected(), settings.effectiveThreshold());
                retries++;
            }
            List<Excerpt> excerpts = checked.valid();
            String reasoning = judge.ask(JudgeTasks.DJ_RUBRIC_REASONING, new JudgeInputs.TraitReasoning(question, response, trait, excerpts));
            calls++;
            JsonNode answer = judge.ask(JudgeTasks.DJ_RUBRIC_SCORE, new JudgeInputs.ReasonedTrait(question, response, trait, reasoning));
            calls++;
            TraitDeepJudgment trace = new TraitDeepJudgment(excerpts, reasoning, excerpts.isEmpty(), calls, retries);
            TraitAnswer.Reading reading = TraitAnswer.of(trait).readAnswer(answer);
            TraitScore score = reading.usable() ? reading.score()
                    : TraitScore.failed(trait.name(), trait.kind(), JudgeFailures.invalidAnswer(trait.name(), null, reading.problem()));
            return score.toBuilder().deepJudgment(trace).build();
        } catch (ModelCallException e) {
            return TraitScore.failed(trait.name(), trait.kind(), JudgeFailures.callFailed("trait " + trait.name(), e));
        }
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
