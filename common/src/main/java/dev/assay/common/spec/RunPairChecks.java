package dev.assay.common.spec;

import dev.assay.common.run.EvaluationMode;
import dev.assay.common.run.RunConfig;
import dev.assay.common.benchmark.Benchmark;
import dev.assay.common.benchmark.Question;
import dev.assay.common.benchmark.Rubric;
import dev.assay.common.benchmark.RubricTrait;
import dev.assay.common.validation.Problems;

import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * What only a benchmark and a run config together can be checked for: each document's own checks
 * ran before. Problems go to the document they are in, with paths from its root; a message that
 * points into the other document names the place with {@code benchmarkRef} / {@code configRef}.
 */
final class RunPairChecks {

    private RunPairChecks() {
    }

    static void check(Benchmark benchmark, RunConfig config, UnaryOperator<String> benchmarkRef, UnaryOperator<String> configRef,
                      Problems benchmarkProblems, Problems configProblems) {
        EvaluationMode mode = config.effectiveEvaluationMode();
        if (config.isSufficiencyCheck() && !mode.usesTemplate()) {
            // the check asks whether a response has what the template needs; without one it cannot run
            configProblems.add("sufficiency_check", "needs a template, but evaluation mode " + mode.wireName()
                    + " uses none; turn it off or use template_only / template_and_rubric");
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
            String questionPath = Problems.index("questions", i);
            EvaluationMode questionMode = mode;
            if (question.evaluationMode() != null) {
                try {
                    questionMode = EvaluationMode.fromWire(question.evaluationMode());
                } catch (IllegalArgumentException e) {
                    benchmarkProblems.add(Problems.field(questionPath, "evaluation_mode"), e.getMessage());
                }
            }
            if (questionMode.usesTemplate() && question.template() == null) {
                benchmarkProblems.add(Problems.field(questionPath, "template"), "is required in evaluation mode "
                        + questionMode.wireName() + (question.evaluationMode() != null ? ", this question's own" : "")
                        + " (or set evaluation_mode: rubric_only)");
            }
            if (question.rubric() != null) {
                clashes(question.rubric().traits(), Problems.field(questionPath, "rubric.traits"), globalNames, configRef,
                        benchmarkProblems);
                clashes(question.rubric().dynamicTraits(), Problems.field(questionPath, "rubric.dynamic_traits"), globalNames,
                        configRef, benchmarkProblems);
            }
            checkGlobalExpressions(global, question, benchmarkRef.apply(questionPath), configProblems);
            if (!question.nuggets().isEmpty() && !questionMode.usesRubric()) {
                benchmarkProblems.add(Problems.field(questionPath, "nuggets"), "are judged in the rubric stage, which evaluation mode "
                        + questionMode.wireName() + " skips; use template_and_rubric or rubric_only");
            }
            if (manual && question.question() != null) {
                Optional<String> key = manualKey(question, config);
                if (key.isEmpty()) {
                    benchmarkProblems.add(questionPath, "no manual answer: " + configRef.apply("manual_answers")
                            + " has neither its id \"" + question.id() + "\" nor its MD5 \"" + question.questionHash() + "\"");
                } else {
                    usedManualKeys.add(key.get());
                }
            }
        }
        if (manual) {
            for (String key : config.manualAnswers().keySet()) {
                if (!usedManualKeys.contains(key)) {
                    configProblems.add(Problems.field("manual_answers", key), "matches no question id or question MD5");
                }
            }
        }
    }

    private static void clashes(List<RubricTrait> traits, String listPath, Set<String> globalNames, UnaryOperator<String> configRef,
                                Problems problems) {
        for (int t = 0; t < traits.size(); t++) {
            RubricTrait trait = traits.get(t);
            if (trait != null && globalNames.contains(trait.name())) {
                problems.add(Problems.field(Problems.index(listPath, t), "name"),
                        "\"" + trait.name() + "\" is also a global trait (" + configRef.apply("global_rubric") + ")");
            }
        }
    }

    /**
     * Global expression traits read the prompt parameters of whichever question they are scored
     * on, so they are compiled against each question's; an error names the question. (What does
     * not depend on the question, the config's own check already reported at the same place.)
     */
    private static void checkGlobalExpressions(Rubric global, Question question, String questionRef, Problems configProblems) {
        Problems perQuestion = new Problems();
        global.validate("global_rubric", question.traitScope(), perQuestion);
        for (var error : perQuestion.errors()) {
            configProblems.add(error.path(), error.message() + " (for " + questionRef + ", id \"" + question.id() + "\")");
        }
    }

    /** The manual_answers key for this question: its id first, then the MD5 of its text. */
    static Optional<String> manualKey(Question question, RunConfig config) {
        if (config.manualAnswers().containsKey(question.id())) {
            return Optional.of(question.id());
        }
        String hash = question.questionHash();
        return hash != null && config.manualAnswers().containsKey(hash) ? Optional.of(hash) : Optional.empty();
    }
}
