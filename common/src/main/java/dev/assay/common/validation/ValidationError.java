package dev.assay.common.validation;

/** One problem in a user's file: where it is ({@code questions[3].template.fields.dose}) and what is wrong. */
public record ValidationError(String path, String message) {

    @Override
    public String toString() {
        return path == null || path.isEmpty() ? message : path + ": " + message;
    }
}
