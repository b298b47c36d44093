package dev.assay.common.pipeline;

import com.fasterxml.jackson.annotation.JsonValue;

import java.util.Locale;

/** Why a result has no regular verdict. A failure never drops a record: it becomes a result with one of these. */
public enum FailureCategory {
    /**
     * A model answered, but its answer could not be used: a judge's output malformed even after
     * repair, or (with status {@code insufficient}) a response lacking what the template needs.
     */
    CONTENT,
    /** A guard stopped the record before judging: generation error, agent turn limit, empty trace. */
    AUTOFAIL,
    /** A call kept failing in a way worth retrying (rate limit, timeout, 5xx) and the retries ran out. */
    RETRY,
    /** The answering model refused or abstained; recorded with the judge's reasoning. */
    ABSTAINED,
    /**
     * Deep judgment found no verbatim evidence in the response for an attribute the judge filled:
     * the parse is not trusted and the result fails (Karenina's DeepJudgmentAutoFail).
     */
    DEEP_JUDGMENT_AUTOFAIL,
    /** Something in Assay itself went wrong. */
    SYSTEM;

    @JsonValue
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
