package dev.assay.common.pipeline;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import java.util.List;

/**
 * The template's verdict: whether the parsed answer matches the ground truth — the fields by the
 * template's composition, and every regex check on the raw response — and a granular score (the
 * weighted mean of the field scores; regex checks do not change it).
 *
 * @param regexChecks    the template's checks on the raw response, in the order written
 * @param embeddingCheck what the embedding check did when the fields failed and the run asked for it; when it
 *                       overrode the failure, {@code passed} is true (unless a regex check failed)
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record TemplateVerdict(boolean passed, double score, List<FieldVerdict> fields, List<RegexCheckResult> regexChecks,
                              EmbeddingCheck embeddingCheck) {
    public TemplateVerdict {
        fields = fields == null ? List.of() : List.copyOf(fields);
        regexChecks = regexChecks == null ? List.of() : List.copyOf(regexChecks);
    }

    public TemplateVerdict(boolean passed, double score, List<FieldVerdict> fields) {
        this(passed, score, fields, List.of());
    }

    public TemplateVerdict(boolean passed, double score, List<FieldVerdict> fields, List<RegexCheckResult> regexChecks) {
        this(passed, score, fields, regexChecks, null);
    }

    /** Whether every regex check on the raw response passed (an embedding override cannot change these). */
    public boolean regexChecksPassed() {
        return regexChecks.stream().allMatch(RegexCheckResult::passed);
    }

    /** This verdict with the embedding check's record; an applied override passes it unless a regex check failed. */
    public TemplateVerdict withEmbeddingCheck(EmbeddingCheck check) {
        return new TemplateVerdict(passed || check.overrideApplied() && regexChecksPassed(), score, fields, regexChecks, check);
    }
}
