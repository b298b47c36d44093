package dev.assay.stage.rubric.trait;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.benchmark.RubricTrait;
import dev.assay.common.benchmark.trait.CompiledExpression;
import dev.assay.common.benchmark.trait.ExpressionException;
import dev.assay.common.benchmark.trait.ExpressionTraitKind;
import dev.assay.common.benchmark.trait.TraitExpressions;
import dev.assay.common.json.Json;
import dev.assay.common.pipeline.TraitScore;
import dev.assay.core.session.ModelSession;
import dev.assay.stage.rubric.evaluation.TraitInput;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.List;
import java.util.Map;

/**
 * Expression traits, scored locally in CEL's sandbox (no judge call): each is compiled for the
 * question's prompt parameters (cached across responses) and evaluated on the response, its
 * parsed fields, the parameters, and the generation's variables and multi-run outputs. What the value means depends on the trait's {@code result}
 * ({@link ExpressionResult}); a trait that does not compile, fails or hits a limit carries the
 * error and the others stand.
 */
@ApplicationScoped
public class ExpressionTraitEvaluator implements TraitEvaluator {

    private static final TypeReference<Map<String, Object>> FIELDS = new TypeReference<>() {
    };

    @Override
    public String kind() {
        return RubricTrait.EXPRESSION;
    }

    @Override
    public List<TraitScore> evaluate(List<RubricTrait> traits, TraitInput input, ModelSession judge) {
        Map<String, Object> parsed = parsedFields(input.parsed());
        return traits.stream().map(trait -> score(trait, input, parsed)).toList();
    }

    /** One trait's score; never throws. */
    public static TraitScore score(RubricTrait trait, TraitInput input) {
        return score(trait, input, parsedFields(input.parsed()));
    }

    private static TraitScore score(RubricTrait trait, TraitInput input, Map<String, Object> parsed) {
        if (trait.expression() == null || trait.expression().isBlank()) {
            return TraitScore.failed(trait.name(), RubricTrait.EXPRESSION, "the trait has no expression");
        }
        Map<String, String> params = input.question().promptParameters();
        CompiledExpression compiled;
        try {
            compiled = TraitExpressions.compile(trait.expression(), params.keySet());
        } catch (ExpressionException e) {
            // validation rejects these; a job published straight to Kafka may still carry one
            return TraitScore.failed(trait.name(), RubricTrait.EXPRESSION, "the expression does not compile: " + e.getMessage());
        }
        Object value;
        try {
            value = compiled.evaluate(input.response(), parsed, params, input.variables(), input.outputs());
        } catch (ExpressionException e) {
            return TraitScore.failed(trait.name(), RubricTrait.EXPRESSION, "evaluation failed: " + e.getMessage());
        } catch (RuntimeException e) {
            // a CEL defect must cost this trait, not the response's whole rubric
            return TraitScore.failed(trait.name(), RubricTrait.EXPRESSION, "evaluation failed unexpectedly: " + e);
        }
        return ExpressionResult.of(ExpressionTraitKind.resultOf(trait)).score(trait, value);
    }

    /** The parsed template fields as plain maps and lists; empty when nothing was parsed (rubric_only). */
    static Map<String, Object> parsedFields(JsonNode parsed) {
        if (parsed == null || !parsed.isObject()) {
            return Map.of();
        }
        return Json.mapper().convertValue(parsed, FIELDS);
    }
}
