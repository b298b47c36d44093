package dev.assay.common.benchmark;

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
 * @param maxExcerpts          at most this many excerpts (default {@value #DEFAULT_MAX_EXCERPTS}, Karenina's for traits)
 * @param fuzzyMatchThreshold  the excerpt check's threshold (default: the run's {@code fuzzy_match_threshold})
 * @param excerptRetryAttempts excerpt calls repeated with feedback (default: the run's {@code excerpt_retry_attempts})
 * @param searchEnabled        assess each excerpt's hallucination risk against the run's search tool (default false)
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record TraitDeepJudgmentSettings(Boolean enabled, Boolean excerptEnabled, Integer maxExcerpts, Double fuzzyMatchThreshold,
                                        Integer excerptRetryAttempts, Boolean searchEnabled) implements Validatable {

    /** Karenina's default for rubric traits. */
    public static final int DEFAULT_MAX_EXCERPTS = 7;
    public static final int MAX_EXCERPTS = 20;
    public static final int MAX_RETRIES = 10;

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
        return maxExcerpts == null ? DEFAULT_MAX_EXCERPTS : maxExcerpts;
    }

    @JsonIgnore
    /** This trait's threshold, else {@code runThreshold} (the run's {@code deep_judgment.fuzzy_match_threshold}). */
    public double effectiveThreshold(double runThreshold) {
        return fuzzyMatchThreshold == null ? runThreshold : fuzzyMatchThreshold;
    }

    @JsonIgnore
    /** This trait's retries, else {@code runRetries} (the run's {@code deep_judgment.excerpt_retry_attempts}). */
    public int effectiveRetries(int runRetries) {
        return excerptRetryAttempts == null ? runRetries : excerptRetryAttempts;
    }

    @Override
    public void validate(String path, Problems problems) {
        checkNumbers(path, "max_excerpts", maxExcerpts, fuzzyMatchThreshold, excerptRetryAttempts, problems);
    }

    /** The checks the run-wide ({@code deep_judgment}) and per-trait settings share. */
    public static void checkNumbers(String path, String maxExcerptsName, Integer maxExcerpts, Double fuzzyMatchThreshold,
                                    Integer excerptRetryAttempts, Problems problems) {
        if (maxExcerpts != null && (maxExcerpts < 1 || maxExcerpts > MAX_EXCERPTS)) {
            problems.add(Problems.field(path, maxExcerptsName), "must be between 1 and " + MAX_EXCERPTS + ", got " + maxExcerpts);
        }
        if (fuzzyMatchThreshold != null && !(fuzzyMatchThreshold > 0 && fuzzyMatchThreshold <= 1)) {
            problems.add(Problems.field(path, "fuzzy_match_threshold"),
                    "must be above 0 and at most 1 (the share of an excerpt found verbatim in the response), got " + fuzzyMatchThreshold);
        }
        if (excerptRetryAttempts != null && (excerptRetryAttempts < 0 || excerptRetryAttempts > MAX_RETRIES)) {
            problems.add(Problems.field(path, "excerpt_retry_attempts"), "must be between 0 and " + MAX_RETRIES + ", got " + excerptRetryAttempts);
        }
    }
}
