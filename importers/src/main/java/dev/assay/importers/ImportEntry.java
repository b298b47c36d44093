package dev.assay.importers;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import java.util.List;
import java.util.Objects;

/**
 * One item of the source and what became of it.
 *
 * @param source     where the item is, so a user can find it: {@code data.jsonl:4},
 *                   {@code dataFeedElement[2]}, {@code jailbreak/x/test.json, instances/a.jsonl:3}
 * @param questionId the id of the question made from it; null when skipped
 * @param status     converted, partly converted or skipped
 * @param reasons    for each part left out (or for skipping), what it was and why; empty when converted
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ImportEntry(String source, String questionId, ImportStatus status, List<String> reasons) {

    public ImportEntry {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(status, "status");
        reasons = reasons == null ? List.of() : List.copyOf(reasons);
        if (status != ImportStatus.CONVERTED && reasons.isEmpty()) {
            throw new IllegalArgumentException("an item that is " + status.label() + " needs a reason: " + source);
        }
        if (status != ImportStatus.SKIPPED && questionId == null) {
            throw new IllegalArgumentException("a converted item names its question: " + source);
        }
    }

    public static ImportEntry converted(String source, String questionId) {
        return new ImportEntry(source, questionId, ImportStatus.CONVERTED, List.of());
    }

    /** Converted when nothing was left out, else partly converted with the reasons. */
    public static ImportEntry of(String source, String questionId, List<String> leftOut) {
        return leftOut.isEmpty() ? converted(source, questionId)
                : new ImportEntry(source, questionId, ImportStatus.PARTLY_CONVERTED, leftOut);
    }

    public static ImportEntry skipped(String source, String reason) {
        return new ImportEntry(source, null, ImportStatus.SKIPPED, List.of(reason));
    }
}
