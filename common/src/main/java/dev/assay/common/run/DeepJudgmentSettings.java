package dev.assay.common.run;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.assay.common.validation.Problems;
import dev.assay.common.validation.Validatable;

/**
 * Deep judgment of templates (run config {@code deep_judgment}); defaults follow Karenina's.
 *
 * @param mode                      {@code disabled} (default), {@code reasoning_only} or {@code full}
 * @param maxExcerptsPerAttribute   at most this many excerpts are asked for per attribute (default 3; {@code full} only)
 * @param fuzzyMatchThreshold       an excerpt counts as quoted when its longest common substring with the
 *                                  response covers at least this share of it (default 0.80)
 * @param excerptRetryAttempts      excerpt calls repeated, with feedback, when an excerpt is not in the response (default 2)
 * @param rubric                    deep judgment of every boolean and score trait too (Karenina's {@code enable_all}; default off),
 *                                  with up to {@value #RUBRIC_MAX_EXCERPTS} excerpts per trait
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record DeepJudgmentSettings(DeepJudgmentMode mode, Integer maxExcerptsPerAttribute, Double fuzzyMatchThreshold,
                                   Integer excerptRetryAttempts, Boolean rubric) implements Validatable {

    public static final int DEFAULT_MAX_EXCERPTS = 3;
    public static final double DEFAULT_THRESHOLD = 0.80;
    public static final int DEFAULT_RETRIES = 2;
    static final int MAX_EXCERPTS = 20;
    static final int MAX_RETRIES = 10;

    /** Karenina's default for rubric traits. */
    public static final int RUBRIC_MAX_EXCERPTS = 7;

    public static final DeepJudgmentSettings DISABLED = new DeepJudgmentSettings(null, null, null, null, null);

    /** Template deep judgment only. */
    public DeepJudgmentSettings(DeepJudgmentMode mode, Integer maxExcerptsPerAttribute, Double fuzzyMatchThreshold,
                                Integer excerptRetryAttempts) {
        this(mode, maxExcerptsPerAttribute, fuzzyMatchThreshold, excerptRetryAttempts, null);
    }

    /** Whether boolean and score traits are judged through excerpts and reasoning. */
    @JsonIgnore
    public boolean rubricEnabled() {
        return Boolean.TRUE.equals(rubric);
    }

    /** Whether any stage has deep-judgment work. */
    @JsonIgnore
    public boolean anyEnabled() {
        return enabled() || rubricEnabled();
    }

    @JsonIgnore
    public DeepJudgmentMode effectiveMode() {
        return mode == null ? DeepJudgmentMode.DISABLED : mode;
    }

    @JsonIgnore
    public boolean enabled() {
        return effectiveMode().enabled();
    }

    @JsonIgnore
    public int effectiveMaxExcerpts() {
        return maxExcerptsPerAttribute == null ? DEFAULT_MAX_EXCERPTS : maxExcerptsPerAttribute;
    }

    @JsonIgnore
    public double effectiveThreshold() {
        return fuzzyMatchThreshold == null ? DEFAULT_THRESHOLD : fuzzyMatchThreshold;
    }

    @JsonIgnore
    public int effectiveRetries() {
        return excerptRetryAttempts == null ? DEFAULT_RETRIES : excerptRetryAttempts;
    }

    @Override
    public void validate(String path, Problems problems) {
        if (maxExcerptsPerAttribute != null && (maxExcerptsPerAttribute < 1 || maxExcerptsPerAttribute > MAX_EXCERPTS)) {
            problems.add(Problems.field(path, "max_excerpts_per_attribute"),
                    "must be between 1 and " + MAX_EXCERPTS + ", got " + maxExcerptsPerAttribute);
        }
        if (fuzzyMatchThreshold != null && !(fuzzyMatchThreshold > 0 && fuzzyMatchThreshold <= 1)) {
            problems.add(Problems.field(path, "fuzzy_match_threshold"),
                    "must be above 0 and at most 1 (the share of an excerpt found verbatim in the response), got " + fuzzyMatchThreshold);
        }
        if (excerptRetryAttempts != null && (excerptRetryAttempts < 0 || excerptRetryAttempts > MAX_RETRIES)) {
            problems.add(Problems.field(path, "excerpt_retry_attempts"),
                    "must be between 0 and " + MAX_RETRIES + ", got " + excerptRetryAttempts);
        }
    }
}
