package dev.assay.stage.rubric.trait;

import dev.assay.common.prompt.judge.JudgeInputs;
import dev.assay.common.prompt.judge.JudgeTask;
import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.benchmark.RubricTrait;
import dev.assay.common.pipeline.TraitScore;
import dev.assay.common.port.MalformedResponseException;
import dev.assay.common.prompt.judge.TraitAnswer;
import dev.assay.core.llm.JsonAnswers;
import dev.assay.core.llm.ModelCallException;
import dev.assay.stage.rubric.evaluation.JudgeFailures;
import dev.assay.core.session.ModelSession;
import dev.assay.stage.rubric.evaluation.TraitInput;

import java.util.List;
import java.util.Optional;

/**
 * Asks the judge about a group of traits answered the same way ({@link TraitAnswer}): all of them
 * in one call under the run's {@code batch} strategy, one call per trait under {@code sequential}.
 *
 * <p>An invalid value (a score out of range, an unknown class) fails the answer's schema, so the
 * gateway repairs it like malformed output. When the answer stays invalid, the judge's last answer
 * is still read trait by trait: a trait whose value was valid keeps its score, only the invalid
 * ones fail, each naming its value and what was allowed. A call that brought no answer at all
 * (retries ran out, no JSON) fails every trait it was for.
 */
final class JudgedTraitCalls {

    private final JudgeTask<JudgeInputs.Traits, JsonNode> batchTask;
    private final JudgeTask<JudgeInputs.Traits, JsonNode> singleTask;

    JudgedTraitCalls(JudgeTask<JudgeInputs.Traits, JsonNode> batchTask, JudgeTask<JudgeInputs.Traits, JsonNode> singleTask) {
        this.batchTask = batchTask;
        this.singleTask = singleTask;
    }

    List<TraitScore> score(List<RubricTrait> traits, TraitInput input, ModelSession judge) {
        return switch (input.settings().rubricStrategy()) {
            case BATCH -> batch(traits, input, judge);
            case SEQUENTIAL -> traits.stream().map(trait -> single(trait, input, judge)).toList();
        };
    }

    private List<TraitScore> batch(List<RubricTrait> traits, TraitInput input, ModelSession judge) {
        JudgeInputs.Traits asked = new JudgeInputs.Traits(input.question().question(), input.response(), traits);
        try {
            JsonNode answer = judge.ask(batchTask, asked);
            return traits.stream().map(trait -> read(trait, answer.get(trait.name()), null)).toList();
        } catch (ModelCallException e) {
            Optional<JsonNode> last = lastAnswer(e, batchTask.prompt(asked).schema());
            if (last.isEmpty()) {
                String error = JudgeFailures.callFailed("the " + kindsOf(traits) + " traits", e);
                return traits.stream().map(trait -> TraitScore.failed(trait.name(), trait.kind(), error)).toList();
            }
            return traits.stream().map(trait -> read(trait, last.get().get(trait.name()), e)).toList();
        }
    }

    private TraitScore single(RubricTrait trait, TraitInput input, ModelSession judge) {
        JudgeInputs.Traits asked = new JudgeInputs.Traits(input.question().question(), input.response(), List.of(trait));
        try {
            return read(trait, judge.ask(singleTask, asked), null);
        } catch (ModelCallException e) {
            return lastAnswer(e, singleTask.prompt(asked).schema()).map(answer -> read(trait, answer, e))
                    .orElseGet(() -> TraitScore.failed(trait.name(), trait.kind(), JudgeFailures.callFailed("trait " + trait.name(), e)));
        }
    }

    /** The trait's score from its part of the answer; {@code failedCall} set when the answer stayed invalid after repair. */
    private static TraitScore read(RubricTrait trait, JsonNode answer, ModelCallException failedCall) {
        TraitAnswer.Reading reading = TraitAnswer.of(trait).readAnswer(answer);
        return reading.usable() ? reading.score()
                : TraitScore.failed(trait.name(), trait.kind(), JudgeFailures.invalidAnswer(trait.name(), failedCall, reading.problem()));
    }

    /** The judge's last answer, read as far as it goes, when the call failed because that answer was unusable. */
    private static Optional<JsonNode> lastAnswer(ModelCallException e, JsonNode schema) {
        try {
            return JudgeFailures.lastAnswer(e).map(text -> JsonAnswers.readLoosely(text, schema));
        } catch (MalformedResponseException notJson) {
            return Optional.empty();
        }
    }

    /** "boolean", "boolean and score": the kinds of a batch, for its error message. */
    private static String kindsOf(List<RubricTrait> traits) {
        return String.join(" and ", traits.stream().map(RubricTrait::kind).distinct().toList());
    }
}
