package dev.assay.common.benchmark.trait;

import dev.assay.common.benchmark.TraitScope;
import dev.assay.common.benchmark.RubricTrait;
import dev.assay.common.validation.Problems;
import dev.assay.common.text.Suggestions;

import java.util.List;

/**
 * {@code expression}: a Common Expression Language (CEL) expression over the response, its
 * parsed fields and the question's prompt parameters, evaluated locally in CEL's sandbox. It
 * yields a boolean (default), a score between min and max, or a literal class name.
 */
public final class ExpressionTraitKind implements TraitKind {

    public static final List<String> RESULTS = List.of(RubricTrait.BOOLEAN, RubricTrait.SCORE, RubricTrait.LITERAL);

    @Override
    public String name() {
        return RubricTrait.EXPRESSION;
    }

    @Override
    public List<String> fields() {
        return List.of("expression", "result", "min", "max", "higher_is_better", "classes");
    }

    @Override
    public boolean judged() {
        return false;
    }

    /** The result kind, boolean when unset. */
    public static String resultOf(RubricTrait trait) {
        return trait.result() == null ? RubricTrait.BOOLEAN : trait.result();
    }

    @Override
    public void validate(RubricTrait trait, TraitScope scope, String path, Problems problems) {
        String result = resultOf(trait);
        if (!RESULTS.contains(result)) {
            problems.add(Problems.field(path, "result"), "unknown result \"" + result + "\"" + Suggestions.didYouMean(result, RESULTS)
                    + "; expected one of " + String.join(", ", RESULTS));
            return;
        }
        if (!RubricTrait.SCORE.equals(result)) {
            for (String field : List.of("min", "max", "higher_is_better")) {
                if (trait.setFields().contains(field)) {
                    problems.add(Problems.field(path, field), "is only used with result: score");
                }
            }
        } else {
            ScoreTraitKind.checkRange(trait, path, problems);
        }
        if (RubricTrait.LITERAL.equals(result)) {
            LiteralTraitKind.checkClasses(trait, path, problems);
        } else if (trait.classes() != null) {
            problems.add(Problems.field(path, "classes"), "is only used with result: literal");
        }
        if (problems.require(Problems.field(path, "expression"), trait.expression())) {
            TraitExpressions.check(trait.expression(), scope, result)
                    .ifPresent(error -> problems.add(Problems.field(path, "expression"), error));
        }
    }
}
