package dev.assay.common.template;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.benchmark.AnswerTemplate;
import dev.assay.common.benchmark.TemplateField;
import dev.assay.common.pipeline.FieldVerdict;
import dev.assay.common.pipeline.TemplateVerdict;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Verifies a parsed answer against its template: each field against its ground truth, all
 * fields must pass, and the granular score is the weighted mean of the field scores.
 */
public final class TemplateVerifier {

    private TemplateVerifier() {
    }

    public static TemplateVerdict verify(AnswerTemplate template, JsonNode parsed) {
        List<FieldVerdict> verdicts = new ArrayList<>();
        double weighted = 0;
        double totalWeight = 0;
        for (Map.Entry<String, TemplateField> entry : template.fields().entrySet()) {
            JsonNode actual = parsed == null ? null : parsed.get(entry.getKey());
            FieldVerdict verdict = ExactMatch.verify(entry.getKey(), entry.getValue(), actual);
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
