package dev.assay.common.run;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.assay.common.benchmark.TraitDeepJudgmentSettings;
import dev.assay.common.validation.Problems;
import dev.assay.common.validation.Validatable;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

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
 * @param searchEnabled             in {@code full} mode, search each excerpt with {@code search_tool} and assess its
 *                                  hallucination risk against the results (Karenina's {@code deep_judgment_search_enabled})
 * @param searchTool                the search tool of template and trait search
 * @param rubricTraits              deep judgment per trait name, for every question (Karenina's custom mode, {@code global})
 * @param rubricQuestions           per question id, deep judgment per trait name (custom mode, {@code question_specific})
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record DeepJudgmentSettings(DeepJudgmentMode mode, Integer maxExcerptsPerAttribute, Double fuzzyMatchThreshold,
                                   Integer excerptRetryAttempts, Boolean rubric, Boolean searchEnabled, SearchToolSettings searchTool,
                                   Map<String, TraitDeepJudgmentSettings> rubricTraits,
                                   Map<String, Map<String, TraitDeepJudgmentSettings>> rubricQuestions) implements Validatable {

    public static final int DEFAULT_MAX_EXCERPTS = 3;
    public static final double DEFAULT_THRESHOLD = 0.80;
    public static final int DEFAULT_RETRIES = 2;

    /** Karenina's default for rubric traits. */
    public static final int RUBRIC_MAX_EXCERPTS = TraitDeepJudgmentSettings.DEFAULT_MAX_EXCERPTS;

    public static final DeepJudgmentSettings DISABLED = new DeepJudgmentSettings(null, null, null, null, null);

    public DeepJudgmentSettings {
        rubricTraits = rubricTraits == null || rubricTraits.isEmpty() ? null : Collections.unmodifiableMap(new LinkedHashMap<>(rubricTraits));
        rubricQuestions = rubricQuestions == null || rubricQuestions.isEmpty() ? null
                : Collections.unmodifiableMap(new LinkedHashMap<>(rubricQuestions));
    }

    /** Template and all-trait deep judgment, without search or per-trait settings. */
    public DeepJudgmentSettings(DeepJudgmentMode mode, Integer maxExcerptsPerAttribute, Double fuzzyMatchThreshold,
                                Integer excerptRetryAttempts, Boolean rubric) {
        this(mode, maxExcerptsPerAttribute, fuzzyMatchThreshold, excerptRetryAttempts, rubric, null, null, null, null);
    }

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

    /** Whether any stage may have deep-judgment work (a trait's own block needs the run's search tool and defaults too). */
    @JsonIgnore
    public boolean anyEnabled() {
        return enabled() || rubricEnabled() || searchTool != null || rubricTraits != null || rubricQuestions != null;
    }

    /** Whether template deep judgment searches its excerpts ({@code full} mode only: the others quote nothing). */
    @JsonIgnore
    public boolean searches() {
        return effectiveMode().extractsExcerpts() && Boolean.TRUE.equals(searchEnabled);
    }

    /**
     * Deep judgment of {@code trait} of question {@code questionId}, first match wins (Karenina's
     * custom-mode order, then its trait-level settings): {@code rubric_questions}, {@code rubric_traits},
     * the trait's own {@code deep_judgment} block, {@code rubric: true} (every default), else off.
     */
    public TraitDeepJudgmentSettings forTrait(String questionId, String traitName, TraitDeepJudgmentSettings traitOwn) {
        if (rubricQuestions != null && rubricQuestions.containsKey(questionId) && rubricQuestions.get(questionId).containsKey(traitName)) {
            return rubricQuestions.get(questionId).get(traitName);
        }
        if (rubricTraits != null && rubricTraits.containsKey(traitName)) {
            return rubricTraits.get(traitName);
        }
        if (traitOwn != null) {
            return traitOwn;
        }
        return rubricEnabled() ? TraitDeepJudgmentSettings.DEFAULTS : TraitDeepJudgmentSettings.OFF;
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
        TraitDeepJudgmentSettings.checkNumbers(path, "max_excerpts_per_attribute", maxExcerptsPerAttribute, fuzzyMatchThreshold, excerptRetryAttempts, problems);
        if (searchTool != null) {
            searchTool.validate(Problems.field(path, "search_tool"), problems);
        }
        if (Boolean.TRUE.equals(searchEnabled)) {
            if (searchTool == null) {
                problems.add(Problems.field(path, "search_enabled"), "needs a search_tool (kind http or mcp) to search with");
            }
            if (!effectiveMode().extractsExcerpts()) {
                problems.add(Problems.field(path, "search_enabled"), "searches excerpts, which only mode full quotes; mode is "
                        + effectiveMode().wireName());
            }
        }
        if (rubricTraits != null) {
            rubricTraits.forEach((name, trait) -> checkTrait(Problems.field(Problems.field(path, "rubric_traits"), name), trait, problems));
        }
        if (rubricQuestions != null) {
            rubricQuestions.forEach((question, traits) -> {
                String questionPath = Problems.field(Problems.field(path, "rubric_questions"), question);
                if (traits == null) {
                    problems.add(questionPath, "must map trait names to deep-judgment settings");
                } else {
                    traits.forEach((name, trait) -> checkTrait(Problems.field(questionPath, name), trait, problems));
                }
            });
        }
    }

    private void checkTrait(String path, TraitDeepJudgmentSettings trait, Problems problems) {
        if (trait == null) {
            problems.add(path, "must be a mapping of deep-judgment settings (enabled, excerpt_enabled, max_excerpts, …)");
            return;
        }
        trait.validate(path, problems);
        if (trait.searches() && searchTool == null) {
            problems.add(Problems.field(path, "search_enabled"), "needs deep_judgment.search_tool (kind http or mcp) to search with");
        }
    }
}
