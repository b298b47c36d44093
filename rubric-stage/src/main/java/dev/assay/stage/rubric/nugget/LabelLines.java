package dev.assay.stage.rubric.nugget;

import dev.assay.common.nugget.SupportLabel;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * The labels of a line-based answer (Markdown, CSV): runs of lines that carry a label, blank lines
 * allowed in between, any other line ending the run. The last run is the answer's labels, so a
 * judge that reasons in a numbered list outside its reasoning tags and then gives its labels is
 * read by its labels, not by both.
 */
final class LabelLines {

    private LabelLines() {
    }

    static Optional<List<SupportLabel>> lastRun(String answer, Function<String, Optional<SupportLabel>> labelOfLine) {
        List<SupportLabel> last = null;
        List<SupportLabel> current = new ArrayList<>();
        for (String line : answer.split("\\R")) {
            if (line.isBlank()) {
                continue;
            }
            Optional<SupportLabel> label = labelOfLine.apply(line);
            if (label.isPresent()) {
                current.add(label.get());
            } else if (!current.isEmpty()) {
                last = current;
                current = new ArrayList<>();
            }
        }
        if (!current.isEmpty()) {
            last = current;
        }
        return Optional.ofNullable(last);
    }
}
