package dev.assay.common.pipeline;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/**
 * A rubric trait's outcome for one response. Which fields are set depends on the kind
 * (docs/rubrics.md): {@code passed} for boolean and regex traits (and boolean expressions),
 * {@code score} for score traits, {@code label} and {@code score} (the class index) for literal
 * traits, {@code metrics} for metric traits.
 *
 * @param passed    the verdict of a boolean or regex trait; null when the trait could not be scored
 * @param score     a numeric score, for trait kinds that have one
 * @param label     the class a literal trait was given
 * @param reasoning the judge's reasoning, when it gave one
 * @param error     why the trait could not be scored; other traits are unaffected
 * @param metrics   a metric trait's confusion lists and the figures computed from them
 * @param dynamic   true for a dynamic trait promoted by the presence check
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record TraitScore(String name, String kind, Boolean passed, Double score, String label, String reasoning, String error,
                         MetricScores metrics, Boolean dynamic) {

    public TraitScore(String name, String kind, Boolean passed, Double score, String reasoning, String error) {
        this(name, kind, passed, score, null, reasoning, error, null, null);
    }

    public static TraitScore verdict(String name, String kind, boolean passed) {
        return new TraitScore(name, kind, passed, null, null, null, null, null, null);
    }

    public static TraitScore scored(String name, String kind, double score) {
        return new TraitScore(name, kind, null, score, null, null, null, null, null);
    }

    public static TraitScore labelled(String name, String kind, String label, int index) {
        return new TraitScore(name, kind, null, (double) index, label, null, null, null, null);
    }

    public static TraitScore failed(String name, String kind, String error) {
        return new TraitScore(name, kind, null, null, null, null, error, null, null);
    }

    public TraitScore withReasoning(String text) {
        return new TraitScore(name, kind, passed, score, label, text, error, metrics, dynamic);
    }

    /** This score marked as coming from a promoted dynamic trait. */
    public TraitScore asDynamic() {
        return new TraitScore(name, kind, passed, score, label, reasoning, error, metrics, true);
    }
}
