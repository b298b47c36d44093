package dev.assay.common.run;

import dev.assay.common.prompt.rag.RagSettings;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.assay.common.benchmark.Rubric;
import dev.assay.common.nugget.NuggetSettings;
import dev.assay.common.prompt.PromptConfig;
import dev.assay.common.validation.Problems;
import dev.assay.common.validation.Validatable;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * How to run a benchmark: which models answer, which judge, and the settings of every stage.
 *
 * @param replicates      how many times each question is asked of each answering model (default 1)
 * @param abstentionCheck run the abstention check before parsing (default off)
 * @param sufficiencyCheck run the sufficiency check before parsing, after the abstention check (default off)
 * @param manualAnswers   answers for {@code manual} answering models, keyed by question id or the
 *                        MD5 of the question text: plain text, or a mapping with the variables and
 *                        outputs of an LVE prompt ({@link ManualAnswer})
 * @param globalRubric    traits scored on every question, merged with the question's own
 * @param rubricStrategy  how LLM-judged traits are asked: batch (default) or sequential
 * @param nuggetEvaluation how nuggets are judged (window size, prompt style, output format)
 * @param rag             how questions with passages are asked (variant, budget)
 * @param fewShot         the few-shot pool and how questions draw from it
 * @param cache           how the run uses the response cache (default {@code read_write}, see docs/cache.md)
 * @param deepJudgment    deep judgment of templates: excerpts and reasoning before parsing (default disabled)
 * @param embeddingCheck  the embedding check of failed template verdicts (Karenina's stage 9; default off)
 * @param agenticParsing  parsing by an investigating judge with tools, then an extraction call (default off)
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RunConfig(
        String name,
        List<ModelConfig> answeringModels,
        List<ModelConfig> judges,
        Integer replicates,
        EvaluationMode evaluationMode,
        Boolean abstentionCheck,
        Boolean sufficiencyCheck,
        PromptConfig promptConfig,
        Map<String, ManualAnswer> manualAnswers,
        Rubric globalRubric,
        RubricStrategy rubricStrategy,
        NuggetSettings nuggetEvaluation,
        RagSettings rag,
        FewShotSettings fewShot,
        CacheMode cache, DeepJudgmentSettings deepJudgment, EmbeddingCheckSettings embeddingCheck,
        AgenticParsingSettings agenticParsing) implements Validatable {

    public static final int MAX_REPLICATES = 1000;

    public RunConfig {
        answeringModels = answeringModels == null ? List.of() : List.copyOf(answeringModels);
        judges = judges == null ? List.of() : List.copyOf(judges);
        manualAnswers = manualAnswers == null ? Map.of() : Map.copyOf(manualAnswers);
    }

    public RunConfig(String name, List<ModelConfig> answeringModels, List<ModelConfig> judges, Integer replicates,
                     EvaluationMode evaluationMode, Boolean abstentionCheck, Boolean sufficiencyCheck, PromptConfig promptConfig,
                     Map<String, ManualAnswer> manualAnswers, Rubric globalRubric) {
        this(name, answeringModels, judges, replicates, evaluationMode, abstentionCheck, sufficiencyCheck, promptConfig,
                manualAnswers, globalRubric, null, null, null, null, null, null, null, null);
    }

    public RunConfig(String name, List<ModelConfig> answeringModels, List<ModelConfig> judges, Integer replicates,
                     EvaluationMode evaluationMode, Boolean abstentionCheck, Boolean sufficiencyCheck, PromptConfig promptConfig,
                     Map<String, ManualAnswer> manualAnswers, Rubric globalRubric, RubricStrategy rubricStrategy,
                     NuggetSettings nuggetEvaluation, RagSettings rag, FewShotSettings fewShot) {
        this(name, answeringModels, judges, replicates, evaluationMode, abstentionCheck, sufficiencyCheck, promptConfig,
                manualAnswers, globalRubric, rubricStrategy, nuggetEvaluation, rag, fewShot, null, null, null, null);
    }

    /** A config with no models and every setting at its default; set what the run needs. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding this config's fields, to build a changed copy. */
    public Builder toBuilder() {
        return new Builder().name(name).answeringModels(answeringModels).judges(judges).replicates(replicates)
                .evaluationMode(evaluationMode).abstentionCheck(abstentionCheck).sufficiencyCheck(sufficiencyCheck)
                .promptConfig(promptConfig).manualAnswers(manualAnswers).globalRubric(globalRubric)
                .rubricStrategy(rubricStrategy).nuggetEvaluation(nuggetEvaluation).rag(rag).fewShot(fewShot).cache(cache)
                .deepJudgment(deepJudgment).embeddingCheck(embeddingCheck).agenticParsing(agenticParsing);
    }

    /** This config with other answering models and judges (every setting kept). */
    public RunConfig withModels(List<ModelConfig> answering, List<ModelConfig> judging) {
        return toBuilder().answeringModels(answering).judges(judging).build();
    }

    public RagSettings effectiveRag() {
        return rag == null ? RagSettings.DEFAULTS : rag;
    }

    public FewShotSettings effectiveFewShot() {
        return fewShot == null ? FewShotSettings.DEFAULTS : fewShot;
    }

    public DeepJudgmentSettings effectiveDeepJudgment() {
        return deepJudgment == null ? DeepJudgmentSettings.DISABLED : deepJudgment;
    }

    public RubricStrategy effectiveRubricStrategy() {
        return rubricStrategy == null ? RubricStrategy.BATCH : rubricStrategy;
    }

    public NuggetSettings effectiveNuggetEvaluation() {
        return nuggetEvaluation == null ? NuggetSettings.DEFAULTS : nuggetEvaluation;
    }

    public CacheMode effectiveCache() {
        return cache == null ? CacheMode.READ_WRITE : cache;
    }

    public int effectiveReplicates() {
        return replicates == null ? 1 : replicates;
    }

    public EvaluationMode effectiveEvaluationMode() {
        return evaluationMode == null ? EvaluationMode.TEMPLATE_AND_RUBRIC : evaluationMode;
    }

    @JsonIgnore
    public boolean isAbstentionCheck() {
        return Boolean.TRUE.equals(abstentionCheck);
    }

    @JsonIgnore
    public boolean isSufficiencyCheck() {
        return Boolean.TRUE.equals(sufficiencyCheck);
    }

    public PromptConfig effectivePromptConfig() {
        return promptConfig == null ? PromptConfig.EMPTY : promptConfig;
    }

    public Rubric effectiveGlobalRubric() {
        return globalRubric == null ? Rubric.EMPTY : globalRubric;
    }

    @Override
    public void validate(String path, Problems problems) {
        problems.maxNameLength(Problems.field(path, "name"), name);
        checkModels(Problems.field(path, "answering_models"), answeringModels, problems);
        checkModels(Problems.field(path, "judges"), judges, problems);
        for (int i = 0; i < judges.size(); i++) {
            if (judges.get(i) != null && judges.get(i).isManual()) {
                problems.add(Problems.field(Problems.index(Problems.field(path, "judges"), i), "interface"),
                        "a judge must be a model; manual is only for answering");
            }
        }
        if (replicates != null && (replicates < 1 || replicates > MAX_REPLICATES)) {
            problems.add(Problems.field(path, "replicates"), "must be between 1 and " + MAX_REPLICATES + ", got " + replicates);
        }
        if (globalRubric != null) {
            globalRubric.validate(Problems.field(path, "global_rubric"), problems);
        }
        if (rag != null) {
            rag.validate(Problems.field(path, "rag"), problems);
        }
        if (fewShot != null) {
            fewShot.validate(Problems.field(path, "few_shot"), problems);
        }
        if (nuggetEvaluation != null) {
            nuggetEvaluation.validate(Problems.field(path, "nugget_evaluation"), problems);
        }
        if (deepJudgment != null) {
            deepJudgment.validate(Problems.field(path, "deep_judgment"), problems);
        }
        if (embeddingCheck != null) {
            embeddingCheck.validate(Problems.field(path, "embedding_check"), problems);
        }
        if (agenticParsing != null) {
            agenticParsing.validate(Problems.field(path, "agentic_parsing"), problems);
            if (agenticParsing.isEnabled() && effectiveEvaluationMode() == EvaluationMode.RUBRIC_ONLY) {
                // as Karenina: agentic parsing replaces the template parse, which rubric_only never runs
                problems.add(Problems.field(Problems.field(path, "agentic_parsing"), "enabled"),
                        "agentic parsing fills the template, which evaluation_mode rubric_only does not use");
            }
            if (agenticParsing.isEnabled() && agenticParsing.effectiveJudgeContext().includesWorkspace()) {
                requireWorkspaces(path, problems);
            }
        }
        manualAnswers.forEach((key, answer) -> {
            if (answer != null) {
                answer.validate(Problems.field(Problems.field(path, "manual_answers"), key), problems);
            }
        });
    }

    /**
     * A judge told to read the answering agent's workspace needs one on every answering model: caught
     * here, at submit, rather than as a failed result per job (a job published without this check
     * still fails at parsing, naming the problem).
     */
    private void requireWorkspaces(String path, Problems problems) {
        String context = agenticParsing.effectiveJudgeContext().wireValue();
        for (int i = 0; i < answeringModels.size(); i++) {
            ModelConfig model = answeringModels.get(i);
            if (model != null && (model.agent() == null || !model.agent().hasWorkspace())) {
                problems.add(Problems.index(Problems.field(path, "answering_models"), i), "agentic_parsing.judge_context \""
                        + context + "\" has the judge read the answering agent's workspace, and this model has none: give it "
                        + "agent.workspace: {enabled: true}, or use judge_context trace");
            }
        }
    }

    private static void checkModels(String path, List<ModelConfig> models, Problems problems) {
        if (models.isEmpty()) {
            problems.add(path, "at least one model is required");
        }
        Map<String, Integer> keys = new HashMap<>();
        for (int i = 0; i < models.size(); i++) {
            String modelPath = Problems.index(path, i);
            ModelConfig model = models.get(i);
            if (model == null) {
                problems.add(modelPath, "is empty");
                continue;
            }
            model.validate(modelPath, problems);
            Integer first = keys.putIfAbsent(model.canonicalKey(), i);
            if (first != null) {
                problems.add(modelPath, "same model as " + path + "[" + first + "] (" + model.canonicalKey()
                        + "); give one of them an id to tell them apart");
            }
        }
    }

    /** Builds a config field by field; {@link #build} runs the record's constructor. Unset fields stay null (their defaults). */
    public static final class Builder {
        private String name;
        private List<ModelConfig> answeringModels;
        private List<ModelConfig> judges;
        private Integer replicates;
        private EvaluationMode evaluationMode;
        private Boolean abstentionCheck;
        private Boolean sufficiencyCheck;
        private PromptConfig promptConfig;
        private Map<String, ManualAnswer> manualAnswers;
        private Rubric globalRubric;
        private RubricStrategy rubricStrategy;
        private NuggetSettings nuggetEvaluation;
        private RagSettings rag;
        private FewShotSettings fewShot;
        private CacheMode cache;
        private DeepJudgmentSettings deepJudgment;
        private EmbeddingCheckSettings embeddingCheck;
        private AgenticParsingSettings agenticParsing;

        private Builder() {
        }

        public Builder cache(CacheMode cache) {
            this.cache = cache;
            return this;
        }

        public Builder name(String name) {
            this.name = name;
            return this;
        }

        public Builder answeringModels(List<ModelConfig> answeringModels) {
            this.answeringModels = answeringModels;
            return this;
        }

        public Builder judges(List<ModelConfig> judges) {
            this.judges = judges;
            return this;
        }

        public Builder replicates(Integer replicates) {
            this.replicates = replicates;
            return this;
        }

        public Builder evaluationMode(EvaluationMode evaluationMode) {
            this.evaluationMode = evaluationMode;
            return this;
        }

        public Builder abstentionCheck(Boolean abstentionCheck) {
            this.abstentionCheck = abstentionCheck;
            return this;
        }

        public Builder sufficiencyCheck(Boolean sufficiencyCheck) {
            this.sufficiencyCheck = sufficiencyCheck;
            return this;
        }

        public Builder promptConfig(PromptConfig promptConfig) {
            this.promptConfig = promptConfig;
            return this;
        }

        public Builder manualAnswers(Map<String, ManualAnswer> manualAnswers) {
            this.manualAnswers = manualAnswers;
            return this;
        }

        public Builder globalRubric(Rubric globalRubric) {
            this.globalRubric = globalRubric;
            return this;
        }

        public Builder rubricStrategy(RubricStrategy rubricStrategy) {
            this.rubricStrategy = rubricStrategy;
            return this;
        }

        public Builder nuggetEvaluation(NuggetSettings nuggetEvaluation) {
            this.nuggetEvaluation = nuggetEvaluation;
            return this;
        }

        public Builder rag(RagSettings rag) {
            this.rag = rag;
            return this;
        }

        public Builder fewShot(FewShotSettings fewShot) {
            this.fewShot = fewShot;
            return this;
        }

        public Builder embeddingCheck(EmbeddingCheckSettings embeddingCheck) {
            this.embeddingCheck = embeddingCheck;
            return this;
        }

        public Builder deepJudgment(DeepJudgmentSettings deepJudgment) {
            this.deepJudgment = deepJudgment;
            return this;
        }

        public Builder agenticParsing(AgenticParsingSettings agenticParsing) {
            this.agenticParsing = agenticParsing;
            return this;
        }

        public RunConfig build() {
            return new RunConfig(name, answeringModels, judges, replicates, evaluationMode, abstentionCheck,
                    sufficiencyCheck, promptConfig, manualAnswers, globalRubric, rubricStrategy, nuggetEvaluation, rag,
                    fewShot, cache, deepJudgment, embeddingCheck, agenticParsing);
        }
    }
}
