package dev.assay.common.template;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.benchmark.AnswerTemplate;
import dev.assay.common.benchmark.TemplateField;
import dev.assay.common.pipeline.FieldVerdict;
import dev.assay.common.pipeline.TemplateVerdict;
import dev.assay.common.template.primitive.Primitives;
import dev.assay.common.template.primitive.SemanticJudge;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Verifies a parsed answer against its template: each field by its primitive, all fields must
 * pass, and the granular score is the weighted mean of the field scores.
 */
public final class TemplateVerifier {

    private TemplateVerifier() {
    }

    public static TemplateVerdict verify(AnswerTemplate template, JsonNode parsed) {
        return verify(template, parsed, null);
    }

    /** @param judge decides {@code semantic} fields; null when none is available (then such a field is an error) */
    public static TemplateVerdict verify(AnswerTemplate template, JsonNode parsed, SemanticJudge judge) {
        List<FieldVerdict> verdicts = new ArrayList<>();
        double weighted = 0;
        double totalWeight = 0;
        for (Map.Entry<String, TemplateField> entry : template.fields().entrySet()) {
            JsonNode actual = parsed == null ? null : parsed.get(entry.getKey());
            FieldVerdict verdict = Primitives.of(entry.getValue()).verify(entry.getKey(), entry.getValue(), actual, judge);
            verdicts.add(verdict);
            double weight = entry.getValue().effectiveWeight();
            weighted += weight * verdict.score();
            totalWeight += weight;
        }
        boolean passed = !verdicts.isEmpty() && verdicts.stream().allMatch(FieldVerdict::passed);
        double score = totalWeight == 0 ? (passed ? 1 : 0) : weighted / totalWeight;
        return new TemplateVerdict(passed, score, verdicts);
    }
}
