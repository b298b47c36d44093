package dev.assay.common.pipeline;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.assay.common.port.PortErrorKind;

/**
 * Why a record did not get a regular verdict.
 *
 * @param errorKind the port error behind it, when a model call failed
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Failure(FailureCategory category, Stage stage, String reason, PortErrorKind errorKind) {
    public Failure {
        if (category == null || stage == null) {
            throw new IllegalArgumentException("failure: category and stage are required");
        }
        reason = reason == null || reason.isBlank() ? category.wireName() : reason;
    }

    /**
     * A {@code system} failure of {@code stage} for something no one planned for (a bug, a broken
     * record): named by its exception type and message, so the record is kept and says why.
     */
    public static Failure unexpected(Stage stage, Throwable error) {
        String message = error.getMessage();
        return new Failure(FailureCategory.SYSTEM, stage,
                "unexpected " + error.getClass().getSimpleName() + (message == null ? "" : ": " + message), null);
    }
}
