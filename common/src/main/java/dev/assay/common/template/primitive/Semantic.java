package dev.assay.common.template.primitive;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.benchmark.FieldType;

import java.util.Set;

/**
 * A judge decides whether the parsed value means the same as the ground truth ("heart attack" and
 * "myocardial infarction"); {@code instructions} (optional) tell it what counts as the same. Its
 * reasoning is kept as the verdict's detail.
 *
 * <p>This needs a judge call, which only the parsing stage can make: verifying without a
 * {@link SemanticJudge} is an error, never a made-up verdict.
 */
public final class Semantic implements VerificationPrimitive {

    public static final String NAME = "semantic";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Set<FieldType> fieldTypes() {
        return Set.of(FieldType.STRING, FieldType.LIST, FieldType.LITERAL);
    }

    @Override
    public boolean needsJudge() {
        return true;
    }

    @Override
    public FieldCheck configure(Params params) {
        String instructions = params.text("instructions", null);
        if (instructions != null && instructions.isBlank()) {
            params.error("instructions", "is empty; leave it out or say what counts as the same meaning");
        }
        JsonNode truth = params.groundTruth();
        if (truth == null) {
            return null;
        }
        return (actual, context) -> {
            if (context.judge() == null) {
                throw new IllegalStateException("field " + context.fieldName() + " is verified by semantic, which needs a judge, and none was given");
            }
            SemanticJudge.Equivalence decision = context.judge().judge(context.fieldName(), context.field(), actual, instructions);
            return Outcome.of(decision.equivalent(), (decision.equivalent() ? "equivalent: " : "not equivalent: ") + decision.reasoning());
        };
    }
}
