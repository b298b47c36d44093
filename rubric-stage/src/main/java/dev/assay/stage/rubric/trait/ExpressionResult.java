package dev.assay.stage.rubric.trait;

import dev.assay.common.benchmark.RubricTrait;
import dev.assay.common.pipeline.TraitScore;

import java.util.List;
import java.util.Map;

/**
 * What an expression trait's value means, by its {@code result}: a verdict (boolean), a score
 * within the trait's min and max (score), or one of its classes by name (literal). A value of the
 * wrong type or out of bounds is the trait's error, worded for the benchmark's author.
 */
enum ExpressionResult {

    BOOLEAN {
        @Override
        TraitScore score(RubricTrait trait, Object value) {
            if (value instanceof Boolean verdict) {
                return TraitScore.verdict(trait.name(), RubricTrait.EXPRESSION, verdict);
            }
            return wrongType(trait, value, "true or false");
        }
    },

    SCORE {
        @Override
        TraitScore score(RubricTrait trait, Object value) {
            if (!(value instanceof Number number)) {
                return wrongType(trait, value, "a number");
            }
            double score = number.doubleValue();
            if (!Double.isFinite(score) || score < trait.effectiveMin() || score > trait.effectiveMax()) {
                return TraitScore.failed(trait.name(), RubricTrait.EXPRESSION, "the expression yielded " + number
                        + ", outside the score range " + trait.effectiveMin() + " to " + trait.effectiveMax());
            }
            return TraitScore.scored(trait.name(), RubricTrait.EXPRESSION, score);
        }
    },

    LITERAL {
        @Override
        TraitScore score(RubricTrait trait, Object value) {
            if (!(value instanceof String label)) {
                return wrongType(trait, value, "a class name (" + String.join(", ", trait.classNames()) + ")");
            }
            int index = trait.classNames().indexOf(label);
            if (index < 0) {
                return TraitScore.failed(trait.name(), RubricTrait.EXPRESSION, "the expression yielded " + quoted(label)
                        + ", which is not one of the classes: " + String.join(", ", trait.classNames()));
            }
            return TraitScore.labelled(trait.name(), RubricTrait.EXPRESSION, label, index);
        }
    };

    private static final int SHOWN_CHARS = 60;

    abstract TraitScore score(RubricTrait trait, Object value);

    static ExpressionResult of(String result) {
        return switch (result) {
            case RubricTrait.SCORE -> SCORE;
            case RubricTrait.LITERAL -> LITERAL;
            default -> BOOLEAN;
        };
    }

    private static TraitScore wrongType(RubricTrait trait, Object value, String needed) {
        return TraitScore.failed(trait.name(), RubricTrait.EXPRESSION, "the expression yielded " + describe(value)
                + ", but result: " + name(trait) + " needs " + needed);
    }

    private static String name(RubricTrait trait) {
        return trait.result() == null ? RubricTrait.BOOLEAN : trait.result();
    }

    /** The value in CEL's terms: its type and, for short ones, the value itself. */
    static String describe(Object value) {
        return switch (value) {
            case null -> "null";
            case String text -> "a string " + quoted(text);
            case Boolean flag -> "a bool (" + flag + ")";
            case Long number -> "an int (" + number + ")";
            case Double number -> "a double (" + number + ")";
            case Number number -> "a number (" + number + ")";
            case List<?> list -> "a list of " + list.size();
            case Map<?, ?> map -> "a map of " + map.size();
            default -> "a " + value.getClass().getSimpleName();
        };
    }

    private static String quoted(String text) {
        return "\"" + (text.length() > SHOWN_CHARS ? text.substring(0, SHOWN_CHARS) + "…" : text) + "\"";
    }
}
