package dev.assay.common.template.primitive;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.benchmark.TemplateField;

/** Decides whether a parsed value means the same as the ground truth; a judge model call in the parsing stage. */
@FunctionalInterface
public interface SemanticJudge {

    Equivalence judge(String fieldName, TemplateField field, JsonNode actual, String instructions);

    /** The judge's decision, with its reasoning kept for the result. */
    record Equivalence(boolean equivalent, String reasoning) {
    }
}
