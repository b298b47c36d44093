package dev.assay.generation.rest;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.assay.common.validation.Problem;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

import java.util.List;

/**
 * Every error response of the API: {@code {"errors": ["path: message", …]}}. For an invalid run
 * body, {@code problems} repeats each error with its place in the body, for editors and tools.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ErrorBody(List<String> errors,
                        @Schema(description = "an invalid run body's errors with their line and column in it (absent otherwise)")
                        List<Located> problems) {

    public ErrorBody(List<String> errors) {
        this(errors, null);
    }

    public static ErrorBody of(String error) {
        return new ErrorBody(List.of(error));
    }

    static ErrorBody of(List<String> errors, List<Problem> problems) {
        return new ErrorBody(errors, problems == null ? null : problems.stream().map(Located::of).toList());
    }

    /** One error of a body: its path from the body's top, its message, and where its node starts (1-based; null when unknown). */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Located(String path, String message, Integer line, Integer column) {

        static Located of(Problem problem) {
            return new Located(problem.qualifiedPath(), problem.message(),
                    problem.location() == null ? null : problem.location().line(),
                    problem.location() == null ? null : problem.location().column());
        }
    }
}
