package dev.assay.common.benchmark;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.assay.common.benchmark.trait.TraitKind;
import dev.assay.common.benchmark.trait.TraitKinds;
import dev.assay.common.benchmark.trait.TraitScope;
import dev.assay.common.validation.Problems;
import dev.assay.common.validation.Suggestions;
import dev.assay.common.validation.Validatable;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A quality of the response to score. One flat record for every kind (so a benchmark file reads
 * as plain YAML); which fields a kind uses, and what they must hold, is the kind's business
 * ({@link TraitKind}, registered in {@link TraitKinds}). docs/rubrics.md shows each kind.
 *
 * @param summary        the concept a dynamic trait's presence check looks for (default: the description)
 * @param min            lowest score of a {@code score} trait (or expression with {@code result: score}); default 1
 * @param max            highest score; default 5
 * @param classes        a {@code literal} trait's classes, in order (name → description); the score is the index
 * @param result         what an {@code expression} trait's expression yields: boolean (default), score or literal
 * @param tpInstructions what a {@code metric} trait's response should contain
 * @param tnInstructions what it should not contain (full-matrix mode only)
 * @param mode           a metric trait's mode: {@code tp_only} (default) or {@code full_matrix}
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
        String mode) implements Validatable {

    public static final String BOOLEAN = "boolean";
    public static final String SCORE = "score";
    public static final String LITERAL = "literal";
    public static final String REGEX = "regex";
    public static final String EXPRESSION = "expression";
    public static final String METRIC = "metric";

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

    public static RubricTrait booleanTrait(String name, String description) {
        return new RubricTrait(name, BOOLEAN, description, null, null, null, null, null, null, null, null, null, null, null, null, null);
    }

    public static RubricTrait scoreTrait(String name, String description, Integer min, Integer max, Boolean higherIsBetter) {
        return new RubricTrait(name, SCORE, description, null, min, max, higherIsBetter, null, null, null, null, null, null, null, null, null);
    }

    public static RubricTrait literalTrait(String name, String description, Map<String, String> classes) {
        return new RubricTrait(name, LITERAL, description, null, null, null, null, classes, null, null, null, null, null, null, null, null);
    }

    public static RubricTrait regexTrait(String name, String pattern, Boolean caseSensitive, Boolean invert) {
        return new RubricTrait(name, REGEX, null, null, null, null, null, null, pattern, caseSensitive, invert, null, null, null, null, null);
    }

    /** An expression trait; {@code classes} only for {@code result: literal}, {@code min}/{@code max} only for score. */
    public static RubricTrait expressionTrait(String name, String expression, String result, Integer min, Integer max,
                                              Map<String, String> classes) {
        return new RubricTrait(name, EXPRESSION, null, null, min, max, null, classes, null, null, null, expression, result, null, null, null);
    }

    public static RubricTrait metricTrait(String name, String description, List<String> tpInstructions,
                                          List<String> tnInstructions, String mode) {
        return new RubricTrait(name, METRIC, description, null, null, null, null, null, null, null, null, null, null,
                tpInstructions, tnInstructions, mode);
    }

    /** This trait with a presence-check concept (dynamic traits). */
    public RubricTrait withSummary(String concept) {
        return new RubricTrait(name, kind, description, concept, min, max, higherIsBetter, classes, pattern, caseSensitive,
                invert, expression, result, tpInstructions, tnInstructions, mode);
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

    /** The compiled pattern of a regex trait. */
    public Pattern compiledPattern() {
        return Pattern.compile(pattern, isCaseSensitive() ? 0 : Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
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
        List<String> kinds = TraitKinds.global().names();
        if (kind == null || kind.isBlank()) {
            problems.add(Problems.field(path, "kind"), "is required (one of " + String.join(", ", kinds) + ")");
            return;
        }
        Optional<TraitKind> known = TraitKinds.global().find(kind);
        if (known.isEmpty()) {
            problems.add(Problems.field(path, "kind"), "unknown trait kind \"" + kind + "\"" + Suggestions.didYouMean(kind, kinds)
                    + "; known kinds: " + String.join(", ", kinds));
            return;
        }
        TraitKind traitKind = known.get();
        for (String field : setFields()) {
            if (!COMMON_FIELDS.contains(field) && !traitKind.fields().contains(field)) {
                problems.add(Problems.field(path, field), "is not used by " + kind + " traits"
                        + (traitKind.fields().isEmpty() ? "" : " (they use " + String.join(", ", traitKind.fields()) + ")"));
            }
        }
        traitKind.validate(this, scope, path, problems);
    }
}
