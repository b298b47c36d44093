package dev.assay.importers.lve;

import dev.assay.common.benchmark.RubricTrait;
import dev.assay.common.benchmark.trait.TraitExpressions;
import dev.assay.common.run.ManualAnswer;

import java.util.Map;

/** What a trait says about an answer, computed as the rubric stage does (regex: a search; expression: CEL). */
final class TraitVerdicts {

    private TraitVerdicts() {
    }

    static boolean passed(RubricTrait trait, ManualAnswer answer, Map<String, String> params) {
        if (RubricTrait.REGEX.equals(trait.kind())) {
            boolean found = trait.compiledPattern().matcher(answer.response()).find();
            return found != trait.isInverted();
        }
        Object value = TraitExpressions.compile(trait.expression(), params.keySet())
                .evaluate(answer.response(), null, params, answer.variables(), answer.outputs());
        return (Boolean) value;
    }
}
