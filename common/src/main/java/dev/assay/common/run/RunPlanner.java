package dev.assay.common.run;

import dev.assay.common.benchmark.Benchmark;
import dev.assay.common.benchmark.Question;
import dev.assay.common.benchmark.Rubric;
import dev.assay.common.benchmark.RubricTrait;
import dev.assay.common.pipeline.JobSettings;
import dev.assay.common.pipeline.VerificationJob;
import dev.assay.common.validation.Problems;
import dev.assay.common.validation.ValidationException;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Checks that a benchmark and a run config fit together, and expands them into jobs: one per
 * question × answering model × replicate, in that order.
 */
public final class RunPlanner {

    private RunPlanner() {
    }

    /**
     * Every problem of the pair, with paths under {@code benchmarkPath} and {@code configPath}
     * (e.g. {@code benchmark} and {@code config} for the REST body). Each document's own checks
     * are included.
     */
    public static Problems check(Benchmark benchmark, RunConfig config, String benchmarkPath, String configPath) {
        Problems problems = new Problems();
        benchmark.validate(benchmarkPath, problems);
        config.validate(configPath, problems);
        EvaluationMode mode = config.effectiveEvaluationMode();
        if (config.isSufficiencyCheck() && !mode.usesTemplate()) {
            // the check asks whether a response has what the template needs; without one it cannot run
            problems.add(Problems.field(configPath, "sufficiency_check"), "needs a template, but evaluation mode "
                    + mode.wireName() + " uses none; turn it off or use template_only / template_and_rubric");
        }
        Rubric global = config.effectiveGlobalRubric();
        Set<String> globalNames = new HashSet<>(global.names());
        boolean manual = config.answeringModels().stream().anyMatch(model -> model != null && model.isManual());
        Set<String> usedManualKeys = new HashSet<>();

        for (int i = 0; i < benchmark.questions().size(); i++) {
            Question question = benchmark.questions().get(i);
            if (question == null) {
                continue;
            }
            String questionPath = Problems.index(Problems.field(benchmarkPath, "questions"), i);
            if (mode.usesTemplate() && question.template() == null) {
                problems.add(Problems.field(questionPath, "template"), "is required in evaluation mode " + mode.wireName()
                        + " (or set evaluation_mode: rubric_only)");
            }
            if (question.rubric() != null) {
                clashes(question.rubric().traits(), Problems.field(Problems.field(questionPath, "rubric"), "traits"), globalNames,
                        configPath, problems);
                clashes(question.rubric().dynamicTraits(), Problems.field(Problems.field(questionPath, "rubric"), "dynamic_traits"),
                        globalNames, configPath, problems);
            }
            checkGlobalExpressions(global, question, questionPath, Problems.field(configPath, "global_rubric"), problems);
            checkPassages(question, questionPath, problems);
            if (!question.nuggets().isEmpty() && !mode.usesRubric()) {
                problems.add(Problems.field(questionPath, "nuggets"), "are judged in the rubric stage, which evaluation mode "
                        + mode.wireName() + " skips; use template_and_rubric or rubric_only");
            }
            if (manual && question.question() != null) {
                Optional<String> key = manualKey(question, config);
                if (key.isEmpty()) {
                    problems.add(questionPath, "no manual answer: " + Problems.field(configPath, "manual_answers")
                            + " has neither its id \"" + question.id() + "\" nor its MD5 \"" + question.questionHash() + "\"");
                } else {
                    usedManualKeys.add(key.get());
                }
            }
        }
        if (manual) {
            for (String key : config.manualAnswers().keySet()) {
                if (!usedManualKeys.contains(key)) {
                    problems.add(Problems.field(Problems.field(configPath, "manual_answers"), key),
                            "matches no question id or question MD5");
                }
            }
        }
        return problems;
    }

    /**
     * Passages are asked about the question text (RagPrompt), so a question with passages needs
     * one even where it is otherwise asked through LVE {@code prompt} messages. Not repeated when
     * the question's own check already reported the text missing.
     */
    static void checkPassages(Question question, String questionPath, Problems problems) {
        String textPath = Problems.field(questionPath, "question");
        if (!question.passages().isEmpty() && (question.question() == null || question.question().isBlank())
                && problems.errors().stream().noneMatch(error -> textPath.equals(error.path()))) {
            problems.add(textPath, "is required: the question has passages, and the retrieval-augmented prompt asks "
                    + "this text over them");
        }
    }

    private static void clashes(List<RubricTrait> traits, String listPath, Set<String> globalNames, String configPath,
                                Problems problems) {
        for (int t = 0; t < traits.size(); t++) {
            RubricTrait trait = traits.get(t);
            if (trait != null && globalNames.contains(trait.name())) {
                problems.add(Problems.field(Problems.index(listPath, t), "name"),
                        "\"" + trait.name() + "\" is also a global trait (" + Problems.field(configPath, "global_rubric") + ")");
            }
        }
    }

    /**
     * Global expression traits read the prompt parameters of whichever question they are scored
     * on, so they are compiled against each question's; an error names the question.
     */
    private static void checkGlobalExpressions(Rubric global, Question question, String questionPath, String globalPath,
                                               Problems problems) {
        Problems perQuestion = new Problems();
        global.validate(globalPath, question.traitScope(), perQuestion);
        Problems alone = new Problems();
        global.validate(globalPath, alone);
        for (var error : perQuestion.errors()) {
            if (!alone.errors().contains(error)) {
                problems.add(error.path(), error.message() + " (for " + questionPath + ", id \"" + question.id() + "\")");
            }
        }
    }

    /** The jobs of a checked pair. Throws {@link ValidationException} when the pair has problems. */
    public static List<VerificationJob> plan(String runId, Benchmark benchmark, RunConfig config, Instant now) {
        check(benchmark, config, "benchmark", "config").throwIfAny();
        JobSettings settings = new JobSettings(config.effectiveEvaluationMode(), config.isAbstentionCheck(),
                config.isSufficiencyCheck(), config.effectivePromptConfig(), config.effectiveRubricStrategy(),
                config.effectiveNuggetEvaluation(), config.effectiveRag());
        Rubric global = config.effectiveGlobalRubric();
        List<VerificationJob> jobs = new ArrayList<>();
        for (Question question : benchmark.questions()) {
            Question withGlobal = withGlobalRubric(question, global)
                    .withFewShot(FewShotSelection.select(question, config.effectiveFewShot()));
            for (ModelConfig model : config.answeringModels()) {
                ManualAnswer manualAnswer = model.isManual()
                        ? manualKey(question, config).map(config.manualAnswers()::get).orElseThrow()
                        : null;
                for (int replicate = 1; replicate <= config.effectiveReplicates(); replicate++) {
                    jobs.add(VerificationJob.createAnswered(runId, withGlobal, model, config.judges(), replicate, settings,
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

    /** The manual_answers key for this question: its id first, then the MD5 of its text. */
    private static Optional<String> manualKey(Question question, RunConfig config) {
        if (config.manualAnswers().containsKey(question.id())) {
            return Optional.of(question.id());
        }
        String hash = question.questionHash();
        return hash != null && config.manualAnswers().containsKey(hash) ? Optional.of(hash) : Optional.empty();
    }
}
