package dev.assay.common.validation;

/**
 * One problem in a user's file: where it is ({@code questions[3].template.fields.dose}) and what is wrong.
 *
 * @param node the path of the node to point at in the text, when it is not {@code path} itself: an
 *             unknown field is reported on its object but is found at its own key
 */
public record ValidationError(String path, String message, String node) {

    public ValidationError {
        node = node == null ? path : node;
    }

    public ValidationError(String path, String message) {
        this(path, message, null);
    }

    @Override
    public String toString() {
        return path == null || path.isEmpty() ? message : path + ": " + message;
    }
}
