package dev.assay.common.pipeline;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.assay.common.nugget.NuggetSettings;
import dev.assay.common.prompt.PromptConfig;
import dev.assay.common.prompt.rag.RagSettings;
import dev.assay.common.run.AgenticParsingSettings;
import dev.assay.common.run.CacheMode;
import dev.assay.common.run.RubricStrategy;
import dev.assay.common.run.EvaluationMode;
import dev.assay.common.run.DeepJudgmentSettings;
import dev.assay.common.run.EmbeddingCheckSettings;
import dev.assay.common.run.FewShotSettings;

/**
 * The run settings every stage needs, carried with each job so no stage looks anything up.
 *
 * @param sufficiencyCheck run the sufficiency check (after the abstention check, before parsing)
 * @param rubricStrategy   how LLM-judged traits are asked (batch or sequential)
 * @param nuggetEvaluation how nuggets are judged
 * @param rag              how questions with passages are asked
 * @param fewShotFormat    how the answering model is shown the few-shot examples: {@code messages} (null) or {@code text}
 * @param cache            how every stage uses the response cache ({@code read_write} when absent)
 * @param deepJudgment     deep judgment of templates; null when disabled
 * @param embeddingCheck   the embedding check of failed template verdicts; null when off
 * @param agenticParsing   parsing by an investigating judge with tools; null when off
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record JobSettings(EvaluationMode evaluationMode, boolean abstentionCheck, boolean sufficiencyCheck,
                          PromptConfig promptConfig, RubricStrategy rubricStrategy, NuggetSettings nuggetEvaluation,
                          RagSettings rag, String fewShotFormat, CacheMode cache, DeepJudgmentSettings deepJudgment,
                          EmbeddingCheckSettings embeddingCheck, AgenticParsingSettings agenticParsing) {
    public JobSettings {
        agenticParsing = agenticParsing == null || !agenticParsing.isEnabled() ? null : agenticParsing;
        embeddingCheck = embeddingCheck == null || !embeddingCheck.isEnabled() ? null : embeddingCheck;
        // disabled is carried as absent, so jobs without it read as before
        deepJudgment = deepJudgment == null || !deepJudgment.anyEnabled() ? null : deepJudgment;
        evaluationMode = evaluationMode == null ? EvaluationMode.TEMPLATE_AND_RUBRIC : evaluationMode;
        promptConfig = promptConfig == null ? PromptConfig.EMPTY : promptConfig;
        rubricStrategy = rubricStrategy == null ? RubricStrategy.BATCH : rubricStrategy;
        nuggetEvaluation = nuggetEvaluation == null ? NuggetSettings.DEFAULTS : nuggetEvaluation;
        rag = rag == null ? RagSettings.DEFAULTS : rag;
        fewShotFormat = FewShotSettings.MESSAGES.equals(fewShotFormat) ? null : fewShotFormat;
        // the default is left out of the record, so jobs of runs that never mention the cache look as before
        cache = cache == CacheMode.READ_WRITE ? null : cache;
    }

    public JobSettings(EvaluationMode evaluationMode, boolean abstentionCheck, boolean sufficiencyCheck,
                       PromptConfig promptConfig, RubricStrategy rubricStrategy, NuggetSettings nuggetEvaluation,
                       RagSettings rag, String fewShotFormat) {
        this(evaluationMode, abstentionCheck, sufficiencyCheck, promptConfig, rubricStrategy, nuggetEvaluation, rag,
                fewShotFormat, null, null, null);
    }

    public JobSettings(EvaluationMode evaluationMode, boolean abstentionCheck, boolean sufficiencyCheck,
                       PromptConfig promptConfig, RubricStrategy rubricStrategy, NuggetSettings nuggetEvaluation,
                       RagSettings rag, String fewShotFormat, CacheMode cache, DeepJudgmentSettings deepJudgment) {
        this(evaluationMode, abstentionCheck, sufficiencyCheck, promptConfig, rubricStrategy, nuggetEvaluation, rag,
                fewShotFormat, cache, deepJudgment, null, null);
    }

    public JobSettings(EvaluationMode evaluationMode, boolean abstentionCheck, boolean sufficiencyCheck,
                       PromptConfig promptConfig, RubricStrategy rubricStrategy, NuggetSettings nuggetEvaluation,
                       RagSettings rag, String fewShotFormat, CacheMode cache, DeepJudgmentSettings deepJudgment,
                       EmbeddingCheckSettings embeddingCheck) {
        this(evaluationMode, abstentionCheck, sufficiencyCheck, promptConfig, rubricStrategy, nuggetEvaluation, rag,
                fewShotFormat, cache, deepJudgment, embeddingCheck, null);
    }

    /** These settings with agentic parsing set as given. */
    public JobSettings withAgenticParsing(AgenticParsingSettings settings) {
        return new JobSettings(evaluationMode, abstentionCheck, sufficiencyCheck, promptConfig, rubricStrategy, nuggetEvaluation, rag,
                fewShotFormat, cache, deepJudgment, embeddingCheck, settings);
    }

    /** These settings with the embedding check set as given. */
    public JobSettings withEmbeddingCheck(EmbeddingCheckSettings settings) {
        return new JobSettings(evaluationMode, abstentionCheck, sufficiencyCheck, promptConfig, rubricStrategy, nuggetEvaluation, rag,
                fewShotFormat, cache, deepJudgment, settings, agenticParsing);
    }

    /** How the stages use the response cache for this job. */
    public CacheMode effectiveCache() {
        return cache == null ? CacheMode.READ_WRITE : cache;
    }

    /** These settings with another evaluation mode (a question's own), every other setting kept. */
    public JobSettings withEvaluationMode(EvaluationMode mode) {
        return new JobSettings(mode, abstentionCheck, sufficiencyCheck, promptConfig, rubricStrategy, nuggetEvaluation, rag,
                fewShotFormat, cache, deepJudgment, embeddingCheck, agenticParsing);
    }

    /** These settings with another cache mode. */
    public JobSettings withCache(CacheMode mode) {
        return new JobSettings(evaluationMode, abstentionCheck, sufficiencyCheck, promptConfig, rubricStrategy, nuggetEvaluation,
                rag, fewShotFormat, mode, deepJudgment, embeddingCheck, agenticParsing);
    }

    /** These settings with deep judgment set as given. */
    public JobSettings withDeepJudgment(DeepJudgmentSettings settings) {
        return new JobSettings(evaluationMode, abstentionCheck, sufficiencyCheck, promptConfig, rubricStrategy, nuggetEvaluation, rag,
                fewShotFormat, cache, settings, embeddingCheck, agenticParsing);
    }

    /** Deep judgment as the run set it: {@link DeepJudgmentSettings#DISABLED} when absent. */
    @com.fasterxml.jackson.annotation.JsonIgnore
    public DeepJudgmentSettings effectiveDeepJudgment() {
        return deepJudgment == null ? DeepJudgmentSettings.DISABLED : deepJudgment;
    }

    public JobSettings(EvaluationMode evaluationMode, boolean abstentionCheck, boolean sufficiencyCheck,
                       PromptConfig promptConfig, RubricStrategy rubricStrategy, NuggetSettings nuggetEvaluation, RagSettings rag) {
        this(evaluationMode, abstentionCheck, sufficiencyCheck, promptConfig, rubricStrategy, nuggetEvaluation, rag, null);
    }

    /** Whether the examples go as one {@code Question:/Answer:} text instead of chat turns. */
    @com.fasterxml.jackson.annotation.JsonIgnore
    public boolean fewShotAsText() {
        return FewShotSettings.TEXT.equals(fewShotFormat);
    }

    public JobSettings(EvaluationMode evaluationMode, boolean abstentionCheck, boolean sufficiencyCheck, PromptConfig promptConfig) {
        this(evaluationMode, abstentionCheck, sufficiencyCheck, promptConfig, null, null, null);
    }

    /** Settings without the sufficiency check (the common case, and what older jobs carried). */
    public JobSettings(EvaluationMode evaluationMode, boolean abstentionCheck, PromptConfig promptConfig) {
        this(evaluationMode, abstentionCheck, false, promptConfig);
    }
}
