package dev.assay.common.benchmark;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.assay.common.port.AgentSettings;
import dev.assay.common.validation.Problems;
import dev.assay.common.validation.Validatable;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A quality of the response to score. One flat record for every kind (so a benchmark file reads
 * as plain YAML); which fields a kind uses, and what they must hold, is the kind's business
 * (a {@code TraitKind}, registered in {@code TraitKinds}). docs/rubrics.md shows each kind.
 *
 * @param summary        the concept a dynamic trait's presence check looks for (default: the description)
 * @param min            lowest score of a {@code score} trait (or expression with {@code result: score}); default 1
 * @param max            highest score; default 5
 * @param classes        a {@code literal} trait's classes, in order (name → description); the score is the index
 * @param result         what an {@code expression} trait's expression yields: boolean (default), score or literal
 * @param tpInstructions what a {@code metric} trait's response should contain
 * @param tnInstructions what it should not contain (full-matrix mode only)
 * @param mode           a metric trait's mode: {@code tp_only} (default) or {@code full_matrix}
 * @param deepJudgment   a boolean or score trait's own deep judgment (Karenina's trait-level {@code deep_judgment_*} fields)
 * @param agent          an {@code agentic} trait's investigating judge: its tools and turn limit (an answering model's {@code agent} block)
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RubricTrait(
        String name,
        String kind,
        String description,
        String summary,
        Integer min,
        Integer max,
        Boolean higherIsBetter,
        Map<String, String> classes,
        String pattern,
        Boolean caseSensitive,
        Boolean invert,
        String expression,
        String result,
        List<String> tpInstructions,
        List<String> tnInstructions,
        String mode,
        TraitDeepJudgmentSettings deepJudgment,
        AgentSettings agent) implements Validatable {

    public static final String BOOLEAN = "boolean";
    public static final String SCORE = "score";
    public static final String LITERAL = "literal";
    public static final String REGEX = "regex";
    public static final String EXPRESSION = "expression";
    public static final String METRIC = "metric";
    public static final String AGENTIC = "agentic";

    public static final int DEFAULT_MIN = 1;
    public static final int DEFAULT_MAX = 5;
    public static final String TP_ONLY = "tp_only";
    public static final String FULL_MATRIX = "full_matrix";

    /** Fields every kind has; the rest belong to one kind or another. */
    public static final List<String> COMMON_FIELDS = List.of("name", "kind", "description", "summary");

    public RubricTrait {
        // literal classes keep their order: the score of a class is its index
        classes = classes == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(classes));
        tpInstructions = tpInstructions == null ? null : List.copyOf(tpInstructions);
        tnInstructions = tnInstructions == null ? null : List.copyOf(tnInstructions);
    }

    /** A trait without an agent (every kind but {@code agentic}). */
    public RubricTrait(String name, String kind, String description, String summary, Integer min, Integer max,
                       Boolean higherIsBetter, Map<String, String> classes, String pattern, Boolean caseSensitive, Boolean invert,
                       String expression, String result, List<String> tpInstructions, List<String> tnInstructions, String mode,
                       TraitDeepJudgmentSettings deepJudgment) {
        this(name, kind, description, summary, min, max, higherIsBetter, classes, pattern, caseSensitive, invert, expression, result,
                tpInstructions, tnInstructions, mode, deepJudgment, null);
    }

    public static RubricTrait booleanTrait(String name, String description) {
        return builder(name, BOOLEAN).description(description).build();
    }

    public static RubricTrait scoreTrait(String name, String description, Integer min, Integer max, Boolean higherIsBetter) {
        return builder(name, SCORE).description(description).min(min).max(max).higherIsBetter(higherIsBetter).build();
    }

    public static RubricTrait literalTrait(String name, String description, Map<String, String> classes) {
        return builder(name, LITERAL).description(description).classes(classes).build();
    }

    public static RubricTrait regexTrait(String name, String pattern, Boolean caseSensitive, Boolean invert) {
        return builder(name, REGEX).pattern(pattern).caseSensitive(caseSensitive).invert(invert).build();
    }

    /** An expression trait; {@code classes} only for {@code result: literal}, {@code min}/{@code max} only for score. */
    public static RubricTrait expressionTrait(String name, String expression, String result, Integer min, Integer max,
                                              Map<String, String> classes) {
        return builder(name, EXPRESSION).expression(expression).result(result).min(min).max(max).classes(classes).build();
    }

    public static RubricTrait metricTrait(String name, String description, List<String> tpInstructions,
                                          List<String> tnInstructions, String mode) {
        return builder(name, METRIC).description(description)
                .tpInstructions(tpInstructions).tnInstructions(tnInstructions).mode(mode).build();
    }

    /** A trait of the given kind with every other field unset; set the ones the kind uses. */
    public static Builder builder(String name, String kind) {
        return new Builder().name(name).kind(kind);
    }

    /** A builder holding this trait's fields, to build a changed copy. */
    public Builder toBuilder() {
        return new Builder().name(name).kind(kind).description(description).summary(summary).min(min).max(max)
                .higherIsBetter(higherIsBetter).classes(classes).pattern(pattern).caseSensitive(caseSensitive)
                .invert(invert).expression(expression).result(result).tpInstructions(tpInstructions)
                .tnInstructions(tnInstructions).mode(mode).deepJudgment(deepJudgment).agent(agent);
    }

    /** This trait with a presence-check concept (dynamic traits). */
    public RubricTrait withSummary(String concept) {
        return toBuilder().summary(concept).build();
    }

    @JsonIgnore
    public boolean isCaseSensitive() {
        return !Boolean.FALSE.equals(caseSensitive);
    }

    @JsonIgnore
    public boolean isInverted() {
        return Boolean.TRUE.equals(invert);
    }

    @JsonIgnore
    public int effectiveMin() {
        return min == null ? DEFAULT_MIN : min;
    }

    @JsonIgnore
    public int effectiveMax() {
        return max == null ? DEFAULT_MAX : max;
    }

    @JsonIgnore
    public boolean isHigherBetter() {
        return !Boolean.FALSE.equals(higherIsBetter);
    }

    /** A literal trait's class names in order; empty for other kinds. */
    @JsonIgnore
    public List<String> classNames() {
        return classes == null ? List.of() : List.copyOf(classes.keySet());
    }

    @JsonIgnore
    public String effectiveMode() {
        return mode == null ? TP_ONLY : mode;
    }

    @JsonIgnore
    public boolean isFullMatrix() {
        return FULL_MATRIX.equals(mode);
    }

    /** What a presence check asks about: the summary, else the description. */
    @JsonIgnore
    public String concept() {
        return summary != null && !summary.isBlank() ? summary : description;
    }

    /** The compiled pattern of a regex trait, Unicode-aware as Python's {@code re} ({@link RegexFlags}). */
    public Pattern compiledPattern() {
        return RegexFlags.compile(pattern, isCaseSensitive() ? 0 : Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
    }

    /** The fields this trait sets, by their file names (for "field not used by this kind" errors). */
    @JsonIgnore
    public List<String> setFields() {
        List<String> set = new ArrayList<>();
        addIf(set, "summary", summary);
        addIf(set, "min", min);
        addIf(set, "max", max);
        addIf(set, "higher_is_better", higherIsBetter);
        addIf(set, "classes", classes);
        addIf(set, "pattern", pattern);
        addIf(set, "case_sensitive", caseSensitive);
        addIf(set, "invert", invert);
        addIf(set, "expression", expression);
        addIf(set, "result", result);
        addIf(set, "tp_instructions", tpInstructions);
        addIf(set, "tn_instructions", tnInstructions);
        addIf(set, "mode", mode);
        addIf(set, "deep_judgment", deepJudgment);
        addIf(set, "agent", agent);
        return set;
    }

    private static void addIf(List<String> set, String field, Object value) {
        if (value != null) {
            set.add(field);
        }
    }

    /** Checks the trait without knowing its question (an expression's unknown names are taken for prompt parameters). */
    @Override
    public void validate(String path, Problems problems) {
        validate(path, TraitScope.UNKNOWN, problems);
    }

    /** Checks the trait for a question whose prompt parameters are in {@code scope}. */
    public void validate(String path, TraitScope scope, Problems problems) {
        problems.require(Problems.field(path, "name"), name);
        KindChecks.installed().checkTrait(this, scope, path, problems);
        if (deepJudgment != null) {
            deepJudgment.validate(Problems.field(path, "deep_judgment"), problems);
        }
    }

    /** Builds a trait field by field; {@link #build} runs the record's constructor. Unset fields stay null. */
    public static final class Builder {
        private String name;
        private String kind;
        private String description;
        private String summary;
        private Integer min;
        private Integer max;
        private Boolean higherIsBetter;
        private Map<String, String> classes;
        private String pattern;
        private Boolean caseSensitive;
        private Boolean invert;
        private String expression;
        private String result;
        private List<String> tpInstructions;
        private List<String> tnInstructions;
        private String mode;
        private TraitDeepJudgmentSettings deepJudgment;
        private AgentSettings agent;

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

        public Builder description(String description) {
            this.description = description;
            return this;
        }

        public Builder summary(String summary) {
            this.summary = summary;
            return this;
        }

        public Builder min(Integer min) {
            this.min = min;
            return this;
        }

        public Builder max(Integer max) {
            this.max = max;
            return this;
        }

        public Builder higherIsBetter(Boolean higherIsBetter) {
            this.higherIsBetter = higherIsBetter;
            return this;
        }

        public Builder classes(Map<String, String> classes) {
            this.classes = classes;
            return this;
        }

        public Builder pattern(String pattern) {
            this.pattern = pattern;
            return this;
        }

        public Builder caseSensitive(Boolean caseSensitive) {
            this.caseSensitive = caseSensitive;
            return this;
        }

        public Builder invert(Boolean invert) {
            this.invert = invert;
            return this;
        }

        public Builder expression(String expression) {
            this.expression = expression;
            return this;
        }

        public Builder result(String result) {
            this.result = result;
            return this;
        }

        public Builder tpInstructions(List<String> tpInstructions) {
            this.tpInstructions = tpInstructions;
            return this;
        }

        public Builder tnInstructions(List<String> tnInstructions) {
            this.tnInstructions = tnInstructions;
            return this;
        }

        public Builder mode(String mode) {
            this.mode = mode;
            return this;
        }

        public Builder deepJudgment(TraitDeepJudgmentSettings deepJudgment) {
            this.deepJudgment = deepJudgment;
            return this;
        }

        public Builder agent(AgentSettings agent) {
            this.agent = agent;
            return this;
        }

        public RubricTrait build() {
            return new RubricTrait(name, kind, description, summary, min, max, higherIsBetter, classes, pattern, caseSensitive,
                    invert, expression, result, tpInstructions, tnInstructions, mode, deepJudgment, agent);
        }
    }
}
