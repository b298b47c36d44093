package dev.assay.common.prompt.judge;

import dev.assay.common.benchmark.Question;
import dev.assay.common.benchmark.Rubric;
import dev.assay.common.benchmark.RubricTrait;
import dev.assay.common.pipeline.JobSettings;
import dev.assay.common.text.Suggestions;

import java.util.List;
import java.util.Set;

/**
 * A question to show a judge task for ({@code assay render}): the question as its job carries it
 * (global traits merged), the response under review, the run's settings, and the trait asked for.
 *
 * @param traitName the trait to render for one-trait tasks; null for the first that fits
 */
public record JudgeSubject(Question question, String response, JobSettings settings, String traitName) {

    public JudgeSubject {
        if (question == null) {
            throw new IllegalArgumentException("judge subject: question is required");
        }
        settings = settings == null ? new JobSettings(null, false, false, null) : settings;
    }

    public String questionText() {
        return question.question();
    }

    public Rubric rubric() {
        return question.rubric() == null ? Rubric.EMPTY : question.rubric();
    }

    void requireTemplate() {
        if (question.template() == null) {
            throw new IllegalArgumentException("question " + question.id() + " has no answer template");
        }
    }

    /** The question's (non-dynamic) traits of {@code kinds}, in rubric order; none is an error naming {@code what}. */
    List<RubricTrait> traits(Set<String> kinds, String what) {
        List<RubricTrait> traits = rubric().traits().stream().filter(trait -> kinds.contains(trait.kind())).toList();
        if (traits.isEmpty()) {
            throw new IllegalArgumentException("question " + question.id() + " has no " + what + " traits");
        }
        return traits;
    }

    /** {@link #traitName} among {@code traits}, else the first. */
    RubricTrait chosen(List<RubricTrait> traits, String taskName) {
        if (traitName == null) {
            return traits.get(0);
        }
        List<String> names = traits.stream().map(RubricTrait::name).toList();
        return traits.stream().filter(trait -> traitName.equals(trait.name())).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("--trait: question " + question.id() + " has no trait \"" + traitName
                        + "\" for task " + taskName + Suggestions.didYouMean(traitName, names) + "; its traits for it: "
                        + String.join(", ", names)));
    }
}
