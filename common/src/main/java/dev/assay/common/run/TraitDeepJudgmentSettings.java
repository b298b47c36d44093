package dev.assay.common.run;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.assay.common.validation.Problems;
import dev.assay.common.validation.Validatable;

/**
 * Deep judgment of one boolean or score trait (Karenina's per-trait fields): on a trait in the
 * benchmark ({@code deep_judgment:} on the trait), or for a trait by name in the run config
 * ({@code deep_judgment.rubric_traits}, {@code deep_judgment.rubric_questions}). Unset numbers
 * fall back to the run's {@code deep_judgment} values, then to Karenina's trait defaults.
 *
 * @param enabled              deep judgment for this trait (default true: writing the block turns it on)
 * @param excerptEnabled       quote excerpts first (default true); false: reasoning from the whole response, then the score
 * @param maxExcerpts          at most this many excerpts (default {@value DeepJudgmentSettings#RUBRIC_MAX_EXCERPTS})
 * @param fuzzyMatchThreshold  the excerpt check's threshold (default: the run's {@code fuzzy_match_threshold})
 * @param excerptRetryAttempts excerpt calls repeated with feedback (default: the run's {@code excerpt_retry_attempts})
 * @param searchEnabled        assess each excerpt's hallucination risk against the run's search tool (default false)
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record TraitDeepJudgmentSettings(Boolean enabled, Boolean excerptEnabled, Integer maxExcerpts, Double fuzzyMatchThreshold,
                                        Integer excerptRetryAttempts, Boolean searchEnabled) implements Validatable {

    /** Deep judgment with every default: what {@code deep_judgment.rubric: true} gives each trait. */
    public static final TraitDeepJudgmentSettings DEFAULTS = new TraitDeepJudgmentSettings(true, null, null, null, null, null);
    /** Deep judgment off for the trait. */
    public static final TraitDeepJudgmentSettings OFF = new TraitDeepJudgmentSettings(false, null, null, null, null, null);

    @JsonIgnore
    public boolean isEnabled() {
        return !Boolean.FALSE.equals(enabled);
    }

    @JsonIgnore
    public boolean usesExcerpts() {
        return !Boolean.FALSE.equals(excerptEnabled);
    }

    @JsonIgnore
    public boolean searches() {
        return isEnabled() && usesExcerpts() && Boolean.TRUE.equals(searchEnabled);
    }

    @JsonIgnore
    public int effectiveMaxExcerpts() {
        return maxExcerpts == null ? DeepJudgmentSettings.RUBRIC_MAX_EXCERPTS : maxExcerpts;
    }

    @JsonIgnore
    public double effectiveThreshold(DeepJudgmentSettings run) {
        return fuzzyMatchThreshold == null ? run.effectiveThreshold() : fuzzyMatchThreshold;
    }

    @JsonIgnore
    public int effectiveRetries(DeepJudgmentSettings run) {
        return excerptRetryAttempts == null ? run.effectiveRetries() : excerptRetryAttempts;
    }

    @Override
    public void validate(String path, Problems problems) {
        DeepJudgmentSettings.checkNumbers(path, "max_excerpts", maxExcerpts, fuzzyMatchThreshold, excerptRetryAttempts, problems);
    }
}
