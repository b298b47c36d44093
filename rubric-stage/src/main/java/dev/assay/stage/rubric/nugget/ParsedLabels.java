package dev.assay.stage.rubric.nugget;

import dev.assay.common.nugget.NuggetParseError;
import dev.assay.common.nugget.SupportLabel;

import java.util.List;

/**
 * What the parser read from one judge answer.
 *
 * @param labels   the labels, in the order written, as many as were found (never padded or cut to fit)
 * @param expected how many the window asked for
 * @param format   the format they were read in ({@code json}, {@code markdown}, …); null when none
 * @param error    {@code none}, {@code truncation} (fewer than expected), {@code count_mismatch}
 *                 (more) or {@code format_error} (no labels in an accepted format)
 * @param detail   what went wrong, in words, for the outcome's error; null when nothing did
 */
public record ParsedLabels(List<SupportLabel> labels, int expected, String format, NuggetParseError error, String detail) {

    public ParsedLabels {
        labels = List.copyOf(labels);
    }

    /** How many labels were read. */
    public int found() {
        return labels.size();
    }

    public boolean ok() {
        return error == NuggetParseError.NONE;
    }
}
