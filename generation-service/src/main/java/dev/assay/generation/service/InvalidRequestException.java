package dev.assay.generation.service;

import dev.assay.common.validation.Problem;

import java.util.List;

/**
 * A request that cannot be served as sent, with every problem as {@code path: message}; problems
 * of a submitted body also say where in it they are.
 */
public class InvalidRequestException extends RuntimeException {

    private final List<String> errors;
    private final List<Problem> problems;

    private InvalidRequestException(List<String> errors, List<Problem> problems) {
        super(String.join("; ", errors));
        this.errors = List.copyOf(errors);
        this.problems = problems == null ? null : List.copyOf(problems);
    }

    public InvalidRequestException(List<String> errors) {
        this(errors, null);
    }

    public InvalidRequestException(String error) {
        this(List.of(error));
    }

    /** The problems of a body, paths read from its top ({@code benchmark.questions[3].id}). */
    public static InvalidRequestException of(List<Problem> problems) {
        return new InvalidRequestException(problems.stream().map(Problem::pathMessage).toList(), problems);
    }

    public List<String> errors() {
        return errors;
    }

    /** The same problems with their places, or null when the request had no body to place them in. */
    public List<Problem> problems() {
        return problems;
    }
}
