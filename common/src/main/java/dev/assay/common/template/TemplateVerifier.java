package dev.assay.common.template;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.benchmark.AnswerTemplate;
import dev.assay.common.benchmark.RegexCheck;
import dev.assay.common.benchmark.TemplateField;
import dev.assay.common.pipeline.FieldVerdict;
import dev.assay.common.pipeline.RegexCheckResult;
import dev.assay.common.pipeline.TemplateVerdict;
import dev.assay.common.template.primitive.Primitives;
import dev.assay.common.template.primitive.SemanticJudge;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Verifies a parsed answer against its template: each field by its primitive, the field verdicts
 * combined by the template's composition, and every regex check on the raw response must pass as
 * well. The granular score is the weighted mean of the field scores, whatever the composition.
 */
public final class TemplateVerifier {

    private TemplateVerifier() {
    }

    /** For a template without regex checks or semantic fields (tests, tools). */
    public static TemplateVerdict verify(AnswerTemplate template, JsonNode parsed) {
        return verify(template, parsed, null, null);
    }

    /**
     * @param response the raw response the answer was parsed from; needed when the template has regex checks
     * @param judge    decides {@code semantic} fields; null when none is available (then such a field is an error)
     */
    public static TemplateVerdict verify(AnswerTemplate template, JsonNode parsed, String response, SemanticJudge judge) {
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
        boolean fieldsPass = Composition.of(template).passes(verdicts);
        List<RegexCheckResult> checks = regexChecks(template.regexChecks(), response);
        boolean passed = fieldsPass && checks.stream().allMatch(RegexCheckResult::passed);
        double score = totalWeight == 0 ? (fieldsPass ? 1 : 0) : weighted / totalWeight;
        return new TemplateVerdict(passed, score, verdicts, checks);
    }

    static List<RegexCheckResult> regexChecks(List<RegexCheck> checks, String response) {
        if (checks.isEmpty()) {
            return List.of();
        }
        if (response == null) {
            // Deciding without the text would be a made-up verdict.
            throw new IllegalArgumentException("the template has regex checks on the response, and no response was given");
        }
        List<RegexCheckResult> results = new ArrayList<>();
        for (RegexCheck check : checks) {
            boolean matched = check.compiled().matcher(response).find();
            results.add(new RegexCheckResult(check.pattern(), check.mustMatch() ? RegexCheck.MATCH : RegexCheck.NOT_MATCH, matched,
                    matched == check.mustMatch()));
        }
        return results;
    }
}
