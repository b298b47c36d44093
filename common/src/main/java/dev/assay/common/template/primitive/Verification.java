package dev.assay.common.template.primitive;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.benchmark.TemplateField;
import dev.assay.common.pipeline.FieldVerdict;

/** A field's primitive with its parameters read: verifies parsed values of that field. */
public record Verification(VerificationPrimitive primitive, Params params, FieldCheck check) {

    public boolean needsJudge() {
        return primitive.needsJudge();
    }

    /**
     * The verdict on one parsed value. A null (the judge found nothing) fails unless the check
     * decides about null itself: an omitted answer is never right by accident.
     */
    public FieldVerdict verify(String fieldName, TemplateField field, JsonNode actual, SemanticJudge judge) {
        // Primitives without a ground truth (ranges) are recorded with their parameters as what was expected.
        JsonNode expected = field.groundTruth() != null ? field.groundTruth() : params.values();
        boolean absent = actual == null || actual.isNull() || actual.isMissingNode();
        if (absent && !check.acceptsNull()) {
            return new FieldVerdict(fieldName, primitive.name(), expected, actual, false, 0, "the judge found no value");
        }
        Outcome outcome = check.check(actual, new CheckContext(fieldName, field, judge));
        return new FieldVerdict(fieldName, primitive.name(), expected, actual, outcome.passed(), outcome.score(), outcome.detail());
    }
}
