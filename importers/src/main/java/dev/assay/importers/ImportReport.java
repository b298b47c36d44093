package dev.assay.importers;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import java.util.List;

/**
 * What an import converted, partly converted and skipped, item by item, with the reasons.
 *
 * @param format  the importer's name
 * @param source  the file or folder read, as given
 * @param entries one per item of the source, in source order
 * @param notes   facts about the whole source worth knowing (e.g. which model recorded the answers)
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ImportReport(String format, String source, List<ImportEntry> entries, List<String> notes) {

    public ImportReport {
        entries = entries == null ? List.of() : List.copyOf(entries);
        notes = notes == null ? List.of() : List.copyOf(notes);
    }

    @JsonProperty("converted")
    public long converted() {
        return count(ImportStatus.CONVERTED);
    }

    @JsonProperty("partly_converted")
    public long partlyConverted() {
        return count(ImportStatus.PARTLY_CONVERTED);
    }

    @JsonProperty("skipped")
    public long skipped() {
        return count(ImportStatus.SKIPPED);
    }

    private long count(ImportStatus status) {
        return entries.stream().filter(entry -> entry.status() == status).count();
    }

    /** The report as the CLI prints it: a count line, the notes, then every item not fully converted with its reasons. */
    public String render() {
        StringBuilder out = new StringBuilder();
        out.append("Imported ").append(format).append(' ').append(source).append(": ")
                .append(converted()).append(" converted, ")
                .append(partlyConverted()).append(" partly converted, ")
                .append(skipped()).append(" skipped\n");
        notes.forEach(note -> out.append("  note: ").append(note).append('\n'));
        for (ImportEntry entry : entries) {
            if (entry.status() == ImportStatus.CONVERTED) {
                continue;
            }
            out.append("  ").append(entry.status().label()).append(": ").append(entry.source());
            if (entry.questionId() != null && !entry.questionId().equals(entry.source())) {
                out.append(" (question ").append(entry.questionId()).append(')');
            }
            out.append('\n');
            entry.reasons().forEach(reason -> out.append("    - ").append(reason).append('\n'));
        }
        return out.toString();
    }
}
