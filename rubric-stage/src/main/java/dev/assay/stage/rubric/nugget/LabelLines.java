package dev.assay.stage.rubric.nugget;

import dev.assay.common.nugget.SupportLabel;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * The labels of a line-based answer (Markdown, CSV, plain lines): runs of lines that carry labels,
 * blank lines allowed in between, any other line ending the run. The last run is the answer's
 * labels, so a judge that reasons in a numbered list outside its reasoning tags and then gives its
 * labels is read by its labels, not by both.
 */
final class LabelLines {

    /** A run of label lines: its labels in order, and how many lines held them. */
    record Run(List<SupportLabel> labels, int lines) {
    }

    private LabelLines() {
    }

    static Optional<Run> lastRun(String answer, Function<String, Optional<List<SupportLabel>>> labelsOfLine) {
        Run last = null;
        List<SupportLabel> current = new ArrayList<>();
        int lines = 0;
        for (String line : answer.split("\\R")) {
            if (line.isBlank()) {
                continue;
            }
            Optional<List<SupportLabel>> labels = labelsOfLine.apply(line);
            if (labels.isPresent() && !labels.get().isEmpty()) {
                current.addAll(labels.get());
                lines++;
            } else if (!current.isEmpty()) {
                last = new Run(current, lines);
                current = new ArrayList<>();
                lines = 0;
            }
        }
        if (!current.isEmpty()) {
            last = new Run(current, lines);
        }
        return Optional.ofNullable(last);
    }

    /** The last run's labels, for readers with one label per line. */
    static Optional<LabelList> lastList(String answer, Function<String, Optional<SupportLabel>> labelOfLine) {
        return lastRun(answer, line -> labelOfLine.apply(line).map(List::of)).map(run -> LabelList.of(run.labels()));
    }
}
