package dev.assay.importers;

import com.fasterxml.jackson.annotation.JsonValue;

/** What became of one item of the source. */
public enum ImportStatus {
    /** Everything the item said carried over. */
    CONVERTED("converted"),
    /** The question was kept; some part of it (a template, a trait, a checker) was not converted. */
    PARTLY_CONVERTED("partly converted"),
    /** No question was made from the item. */
    SKIPPED("skipped");

    private final String label;

    ImportStatus(String label) {
        this.label = label;
    }

    @JsonValue
    public String wireName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    /** As people read it in the report. */
    public String label() {
        return label;
    }
}
