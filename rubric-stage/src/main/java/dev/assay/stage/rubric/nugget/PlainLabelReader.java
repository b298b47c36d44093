package dev.assay.stage.rubric.nugget;

import dev.assay.common.nugget.SupportLabel;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Labels written as plain text, in no format: a one-line list ({@code support, not_support,
 * partial_support}, tab-, pipe- or semicolon-separated, space-separated, in brackets or quotes, after a
 * short lead such as {@code Labels:}), or lines that each hold labels this way ({@code Nugget 1: support}).
 * Every item on such a line must be a label word, so prose is never read as labels; the last run of
 * such lines wins, as for the line formats.
 */
final class PlainLabelReader {

    /** A short lead before the list: {@code Labels:}, {@code **Final answer:**}, {@code Nugget 2 (Paris):}. */
    private static final Pattern LEAD = Pattern.compile("^[^:=\\[\\]{}\"]{0,60}?[:=]\\s*");
    private static final Pattern EDGE_MARKS = Pattern.compile("^[\\s*`>]+|[\\s*`.]+$");
    private static final Pattern SEPARATOR = Pattern.compile("\\s*[,;|\\t]\\s*");
    private static final Pattern SPACES = Pattern.compile("\\s+");

    private PlainLabelReader() {
    }

    static Optional<LabelLines.Run> read(String answer) {
        return LabelLines.lastRun(answer, PlainLabelReader::labelsOfLine);
    }

    static Optional<List<SupportLabel>> labelsOfLine(String line) {
        String text = EDGE_MARKS.matcher(line).replaceAll("");
        Optional<List<SupportLabel>> whole = list(text);
        if (whole.isPresent()) {
            return whole;
        }
        String afterLead = LEAD.matcher(text).replaceFirst("");
        return afterLead.length() < text.length() ? list(EDGE_MARKS.matcher(afterLead).replaceAll("")) : Optional.empty();
    }

    private static Optional<List<SupportLabel>> list(String text) {
        String inner = text.strip();
        int open = "[({".indexOf(inner.isEmpty() ? ' ' : inner.charAt(0));
        if (inner.length() >= 2 && open >= 0 && inner.charAt(inner.length() - 1) == "])}".charAt(open)) {
            inner = inner.substring(1, inner.length() - 1).strip();
        }
        if (inner.isEmpty()) {
            return Optional.empty();
        }
        String[] items = SEPARATOR.split(inner);
        if (items.length == 1) {
            Optional<SupportLabel> one = LabelWords.read(inner);
            if (one.isPresent()) {
                return Optional.of(List.of(one.get()));
            }
            items = SPACES.split(inner);
        }
        List<SupportLabel> labels = new ArrayList<>();
        for (String item : items) {
            if (item.isBlank()) {
                continue;
            }
            Optional<SupportLabel> label = LabelWords.read(item);
            if (label.isEmpty()) {
                return Optional.empty();
            }
            labels.add(label.get());
        }
        return labels.isEmpty() ? Optional.empty() : Optional.of(labels);
    }
}
