package dev.assay.common.validation;

import java.util.List;
import java.util.stream.Collectors;

/** A benchmark or run config that cannot be used, with every problem found, each as {@code path: message}. */
public class ValidationException extends RuntimeException {

    private final List<ValidationError> errors;

    public ValidationException(List<ValidationError> errors) {
        this(errors, errors.size() + (errors.size() == 1 ? " error" : " errors") + ":\n"
                + errors.stream().map(error -> "  " + error).collect(Collectors.joining("\n")));
    }

    protected ValidationException(List<ValidationError> errors, String message) {
        super(message);
        this.errors = List.copyOf(errors);
    }

    /** The problems as {@code path: message}, without their file or place in it. */
    public List<ValidationError> errors() {
        return errors;
    }
}
