package dev.assay.common.validation;

import java.util.List;
import java.util.stream.Collectors;

/** A benchmark or run config that cannot be used, with every problem found, each as {@code path: message}. */
public class ValidationException extends RuntimeException {

    private final List<ValidationError> errors;

    public ValidationException(List<ValidationError> errors) {
        super(errors.size() + (errors.size() == 1 ? " error" : " errors") + ":\n"
                + errors.stream().map(error -> "  " + error).collect(Collectors.joining("\n")));
        this.errors = List.copyOf(errors);
    }

    public List<ValidationError> errors() {
        return errors;
    }
}
