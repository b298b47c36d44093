package dev.assay.common.spec;

import dev.assay.common.run.EvaluationMode;
import dev.assay.common.run.FewShotSelection;
import dev.assay.common.run.ManualAnswer;
import dev.assay.common.run.ModelConfig;
import dev.assay.common.run.RunConfig;
import dev.assay.common.benchmark.Benchmark;
import dev.assay.common.benchmark.Question;
import dev.assay.common.benchmark.Rubric;
import dev.assay.common.pipeline.JobSettings;
import dev.assay.common.pipeline.VerificationJob;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Expands a validated run into jobs: one per question × answering model × replicate, in that
 * order. It takes only a {@link ValidRun}, so it never meets a pair {@link RunSpecs} has not checked.
 */
public final class RunPlanner {

    private RunPlanner() {
    }

    /** The jobs of the run. */
    public static List<VerificationJob> plan(String runId, ValidRun run, Instant now) {
        Benchmark benchmark = run.benchmark();
        RunConfig config = run.config();
        JobSettings settings = new JobSettings(config.effectiveEvaluationMode(), config.isAbstentionCheck(),
                config.isSufficiencyCheck(), config.effectivePromptConfig(), config.effectiveRubricStrategy(),
                config.effectiveNuggetEvaluation(), config.effectiveRag(), config.effectiveFewShot().effectiveFormat(),
                config.effectiveCache(), config.effectiveDeepJudgment(), config.embeddingCheck(), config.agenticParsing());
        Rubric global = config.effectiveGlobalRubric();
        List<VerificationJob> jobs = new ArrayList<>();
        for (Question question : benchmark.questions()) {
            Question withGlobal = withGlobalRubric(question, global)
                    .withFewShot(FewShotSelection.select(question, config.effectiveFewShot()));
            // a question's own mode goes with its jobs, so every stage and its results follow it
            JobSettings questionSettings = question.evaluationMode() == null ? settings
                    : settings.withEvaluationMode(EvaluationMode.fromWire(question.evaluationMode()));
            for (ModelConfig model : config.answeringModels()) {
                // validation made sure every question has its manual answer
                ManualAnswer manualAnswer = model.isManual()
                        ? RunPairChecks.manualKey(question, config).map(config.manualAnswers()::get).orElseThrow()
                        : null;
                for (int replicate = 1; replicate <= config.effectiveReplicates(); replicate++) {
                    jobs.add(VerificationJob.createAnswered(runId, withGlobal, model, config.judges(), replicate, questionSettings,
                            manualAnswer, now));
                }
            }
        }
        return jobs;
    }

    private static Question withGlobalRubric(Question question, Rubric global) {
        if (global.isEmpty()) {
            return question;
        }
        Rubric own = question.rubric() == null ? Rubric.EMPTY : question.rubric();
        return question.withRubric(own.mergedWith(global));
    }
}
