package dev.assay.common.validation;

import java.util.ArrayList;
import java.util.List;

/**
 * Collects validation errors while walking a file, so the user sees all of them at once.
 * Paths are built as {@code questions[3].template.fields.dose}.
 */
public final class Problems {

    private final List<ValidationError> errors = new ArrayList<>();

    public void add(String path, String message) {
        errors.add(new ValidationError(path, message));
    }

    public void addAll(List<ValidationError> more) {
        errors.addAll(more);
    }

    public boolean isEmpty() {
        return errors.isEmpty();
    }

    public List<ValidationError> errors() {
        return List.copyOf(errors);
    }

    /** Throws a {@link ValidationException} listing every error, if there is any. */
    public void throwIfAny() {
        if (!errors.isEmpty()) {
            throw new ValidationException(errors);
        }
    }

    public static String field(String parent, String name) {
        return parent == null || parent.isEmpty() ? name : parent + "." + name;
    }

    public static String index(String parent, int index) {
        return (parent == null ? "" : parent) + "[" + index + "]";
    }

    /** Adds an error when {@code value} is null or blank; returns whether it was present. */
    public boolean require(String path, String value) {
        if (value == null || value.isBlank()) {
            add(path, "is required");
            return false;
        }
        return true;
    }
}
