package dev.assay.common.pipeline;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import java.util.List;

/**
 * The template's verdict: whether the parsed answer matches the ground truth — the fields by the
 * template's composition, and every regex check on the raw response — and a granular score (the
 * weighted mean of the field scores; regex checks do not change it).
 *
 * @param regexChecks the template's checks on the raw response, in the order written
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record TemplateVerdict(boolean passed, double score, List<FieldVerdict> fields, List<RegexCheckResult> regexChecks) {
    public TemplateVerdict {
        fields = fields == null ? List.of() : List.copyOf(fields);
        regexChecks = regexChecks == null ? List.of() : List.copyOf(regexChecks);
    }

    public TemplateVerdict(boolean passed, double score, List<FieldVerdict> fields) {
        this(passed, score, fields, List.of());
    }
}
