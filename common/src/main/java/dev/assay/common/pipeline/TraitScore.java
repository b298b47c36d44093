package dev.assay.common.pipeline;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.assay.common.port.AgentResult;

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
 * @param deepJudgment what deep judgment did for the trait, when the run asked for it
 * @param investigation an agentic trait's investigation: the judge's trace with its tool calls, turns, usage
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record TraitScore(String name, String kind, Boolean passed, Double score, String label, String reasoning, String error,
                         MetricScores metrics, Boolean dynamic, TraitDeepJudgment deepJudgment, AgentResult investigation) {

    public TraitScore(String name, String kind, Boolean passed, Double score, String label, String reasoning, String error,
                      MetricScores metrics, Boolean dynamic, TraitDeepJudgment deepJudgment) {
        this(name, kind, passed, score, label, reasoning, error, metrics, dynamic, deepJudgment, null);
    }

    public TraitScore(String name, String kind, Boolean passed, Double score, String label, String reasoning, String error,
                      MetricScores metrics, Boolean dynamic) {
        this(name, kind, passed, score, label, reasoning, error, metrics, dynamic, null);
    }

    public TraitScore(String name, String kind, Boolean passed, Double score, String reasoning, String error) {
        this(name, kind, passed, score, null, reasoning, error, null, null);
    }

    public static TraitScore verdict(String name, String kind, boolean passed) {
        return builder(name, kind).passed(passed).build();
    }

    public static TraitScore scored(String name, String kind, double score) {
        return builder(name, kind).score(score).build();
    }

    public static TraitScore labelled(String name, String kind, String label, int index) {
        return builder(name, kind).score((double) index).label(label).build();
    }

    public static TraitScore failed(String name, String kind, String error) {
        return builder(name, kind).error(error).build();
    }

    /** A score of this trait with every outcome field unset; set the ones its kind has. */
    public static Builder builder(String name, String kind) {
        return new Builder().name(name).kind(kind);
    }

    /** A builder holding this score's fields, to build a changed copy. */
    public Builder toBuilder() {
        return new Builder().name(name).kind(kind).passed(passed).score(score).label(label).reasoning(reasoning)
                .error(error).metrics(metrics).dynamic(dynamic).deepJudgment(deepJudgment).investigation(investigation);
    }

    public TraitScore withReasoning(String text) {
        return toBuilder().reasoning(text).build();
    }

    /** This score marked as coming from a promoted dynamic trait. */
    public TraitScore asDynamic() {
        return toBuilder().dynamic(true).build();
    }

    /** Builds a score field by field; {@link #build} runs the record's constructor. Unset fields stay null. */
    public static final class Builder {
        private String name;
        private String kind;
        private Boolean passed;
        private Double score;
        private String label;
        private String reasoning;
        private String error;
        private MetricScores metrics;
        private Boolean dynamic;
        private TraitDeepJudgment deepJudgment;
        private AgentResult investigation;

        private Builder() {
        }

        public Builder name(String name) {
            this.name = name;
            return this;
        }

        public Builder kind(String kind) {
            this.kind = kind;
            return this;
        }

        public Builder passed(Boolean passed) {
            this.passed = passed;
            return this;
        }

        public Builder score(Double score) {
            this.score = score;
            return this;
        }

        public Builder label(String label) {
            this.label = label;
            return this;
        }

        public Builder reasoning(String reasoning) {
            this.reasoning = reasoning;
            return this;
        }

        public Builder error(String error) {
            this.error = error;
            return this;
        }

        public Builder metrics(MetricScores metrics) {
            this.metrics = metrics;
            return this;
        }

        public Builder deepJudgment(TraitDeepJudgment deepJudgment) {
            this.deepJudgment = deepJudgment;
            return this;
        }

        public Builder dynamic(Boolean dynamic) {
            this.dynamic = dynamic;
            return this;
        }

        public Builder investigation(AgentResult investigation) {
            this.investigation = investigation;
            return this;
        }

        public TraitScore build() {
            return new TraitScore(name, kind, passed, score, label, reasoning, error, metrics, dynamic, deepJudgment, investigation);
        }
    }
}
