package dev.assay.generation.service;

import java.util.List;

/** A request that cannot be served as sent, with every problem as {@code path: message}. */
public class InvalidRequestException extends RuntimeException {

    private final List<String> errors;

    public InvalidRequestException(List<String> errors) {
        super(String.join("; ", errors));
        this.errors = List.copyOf(errors);
    }

    public InvalidRequestException(String error) {
        this(List.of(error));
    }

    public List<String> errors() {
        return errors;
    }
}
