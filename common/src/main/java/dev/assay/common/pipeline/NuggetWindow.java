package dev.assay.common.pipeline;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.assay.common.nugget.NuggetParseError;
import dev.assay.common.nugget.SupportLabel;

import java.util.List;

/**
 * The parse report of one nugget judge call.
 *
 * @param passage  the passage's source when the nuggets were judged against a passage; null for the response
 * @param first    index of the window's first nugget
 * @param expected how many labels the window asked for
 * @param found    how many the parser read
 * @param format   the format it recognised (json, markdown, csv, yaml, xml), null when none
 * @param labels   the labels read, in order, as found (even when their count is wrong)
 * @param error    none, truncation, count_mismatch, format_error or unreadable_label
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record NuggetWindow(String passage, int first, int expected, int found, String format, List<SupportLabel> labels,
                           NuggetParseError error) {
    public NuggetWindow {
        labels = labels == null ? List.of() : List.copyOf(labels);
        error = error == null ? NuggetParseError.NONE : error;
    }
}
