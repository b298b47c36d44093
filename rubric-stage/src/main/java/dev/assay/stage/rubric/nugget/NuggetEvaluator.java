package dev.assay.stage.rubric.nugget;

import dev.assay.common.prompt.judge.JudgeInputs;
import dev.assay.common.prompt.judge.JudgeTasks;
import dev.assay.common.nugget.JudgedText;
import dev.assay.common.benchmark.Nugget;
import dev.assay.common.benchmark.Passage;
import dev.assay.common.benchmark.Question;
import dev.assay.common.nugget.NuggetOutputFormat;
import dev.assay.common.nugget.NuggetPromptStyle;
import dev.assay.common.nugget.NuggetSettings;
import dev.assay.common.nugget.SupportLabel;
import dev.assay.common.pipeline.Failure;
import dev.assay.common.pipeline.NuggetJudgement;
import dev.assay.common.pipeline.NuggetOutcome;
import dev.assay.common.pipeline.NuggetWindow;
import dev.assay.common.pipeline.PassageSupport;
import dev.assay.common.pipeline.Stage;
import dev.assay.core.llm.ModelCallException;
import dev.assay.core.session.ModelSession;
import dev.assay.stage.rubric.evaluation.TraitInput;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/**
 * Judges a question's nuggets against the response (and, when {@code per_passage} is on, against
 * each of its passages) in windows of at most {@code window_size} nuggets per call, in order
 * (task {@code nugget_assignment}; docs/nuggets.md).
 *
 * <p>A window whose answer cannot be read in full (truncated, too many labels, no readable format)
 * is asked once more in a fresh call; if that answer is no better, the window's nuggets keep no
 * label. Labels are never padded, cut or guessed: a partial answer is recorded as it was, in the
 * window reports, and the scores are left out. A judge call that fails for good leaves its
 * window's nuggets unlabelled too; the other windows stand.
 */
@ApplicationScoped
public class NuggetEvaluator {

    /** The first answer and one fresh retry. More would mostly repeat a judge that cannot follow the format. */
    static final int ATTEMPTS = 2;


    public NuggetOutcome evaluate(TraitInput input, ModelSession judge) {
        Question question = input.question();
        NuggetSettings settings = input.settings().nuggetEvaluation();
        Judging judging = new Judging(judge, settings, question);

        List<SupportLabel> responseLabels = judging.labelAgainst(JudgedText.response(input.response()));
        List<NuggetJudgement> judgements = new ArrayList<>();
        for (int i = 0; i < question.nuggets().size(); i++) {
            Nugget nugget = question.nuggets().get(i);
            judgements.add(new NuggetJudgement(nugget.text(), nugget.importance(), responseLabels.get(i)));
        }
        List<PassageSupport> passages = null;
        if (settings.isPerPassage() && !question.passages().isEmpty()) {
            passages = new ArrayList<>();
            for (Passage passage : question.passages()) {
                passages.add(new PassageSupport(passage.source(),
                        judging.labelAgainst(JudgedText.passage(passage.source(), passage.content()))));
            }
        }
        return new NuggetOutcome(judgements, NuggetScoring.score(judgements), judging.reports, passages, judging.error());
    }

    /** The windows of one evaluation: their reports, in call order, and what failed. */
    private final class Judging {

        private final ModelSession judge;
        private final int windowSize;
        private final NuggetPromptStyle style;
        private final NuggetOutputFormat format;
        private final Question question;
        private final List<NuggetWindow> reports = new ArrayList<>();
        private final List<String> failures = new ArrayList<>();
        private int windows;

        Judging(ModelSession judge, NuggetSettings settings, Question question) {
            this.judge = judge;
            this.windowSize = settings.effectiveWindowSize();
            // validated when the run is submitted; a job published straight to the topic is not, and 0 would never end
            if (windowSize < 1 || windowSize > NuggetSettings.MAX_WINDOW) {
                throw new IllegalArgumentException("nugget_evaluation.window_size must be between 1 and " + NuggetSettings.MAX_WINDOW
                        + ", got " + windowSize);
            }
            this.style = settings.effectivePromptStyle();
            this.format = settings.effectiveOutputFormat();
            this.question = question;
        }

        /** One label per nugget, in nugget order; null for the nuggets of a window that failed. */
        List<SupportLabel> labelAgainst(JudgedText judged) {
            List<Nugget> nuggets = question.nuggets();
            List<SupportLabel> labels = new ArrayList<>(Collections.nCopies(nuggets.size(), null));
            for (int first = 0; first < nuggets.size(); first += windowSize) {
                List<Nugget> window = nuggets.subList(first, Math.min(first + windowSize, nuggets.size()));
                Optional<List<SupportLabel>> read = labelWindow(judged, first, window);
                if (read.isPresent()) {
                    for (int i = 0; i < window.size(); i++) {
                        labels.set(first + i, read.get().get(i));
                    }
                }
            }
            return labels;
        }

        private Optional<List<SupportLabel>> labelWindow(JudgedText judged, int first, List<Nugget> window) {
            windows++;
            String where = "nuggets[" + first + ".." + (first + window.size() - 1) + "] against " + judged.describe();
            JudgeInputs.NuggetWindow asked = new JudgeInputs.NuggetWindow(style, format, question.question(), judged, window);
            List<String> answers = new ArrayList<>();
            for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
                String answer;
                try {
                    answer = judge.ask(JudgeTasks.NUGGET_ASSIGNMENT, asked);
                } catch (ModelCallException e) {
                    Failure failure = e.toFailure(Stage.RUBRIC);
                    failures.add(where + ": the judge call failed (" + failure.category().wireName() + "): " + failure.reason()
                            + (answers.isEmpty() ? "" : "; before that, " + String.join("; ", answers)));
                    return Optional.empty();
                }
                ParsedLabels parsed = NuggetLabelParser.parse(answer, format, window.size());
                reports.add(new NuggetWindow(judged.passage(), first, window.size(), parsed.found(), parsed.format(), parsed.labels(),
                        parsed.error()));
                if (parsed.ok()) {
                    return Optional.of(parsed.labels());
                }
                answers.add("answer " + attempt + ": " + parsed.error().wireName() + ", " + parsed.detail());
            }
            failures.add(where + ": no usable labels in " + ATTEMPTS + " answers (" + String.join("; ", answers) + ")");
            return Optional.empty();
        }

        String error() {
            if (failures.isEmpty()) {
                return null;
            }
            return failures.size() + " of " + windows + (windows == 1 ? " nugget window" : " nugget windows") + " failed: "
                    + String.join(" | ", failures);
        }
    }
}
