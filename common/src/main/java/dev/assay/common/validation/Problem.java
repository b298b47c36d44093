package dev.assay.common.validation;

/**
 * One problem of a user's document, placed: {@code file:line:column: path: message}, so an editor
 * can jump to it.
 *
 * @param file     the document's name: its file, or its part of a request ({@code benchmark}, {@code config})
 * @param path     where in the document, e.g. {@code questions[3].template.fields.dose.verify}; empty for the whole document
 * @param location where the node the problem is about starts in the text; null when there is no text to point into
 */
public record Problem(String file, String path, String message, SourceLocation location) {

    public Problem {
        path = path == null ? "" : path;
    }

    /** {@code file:line:column: path: message}, or {@code file: path: message} when the place in the text is unknown. */
    @Override
    public String toString() {
        StringBuilder text = new StringBuilder(file == null ? "" : file);
        if (location != null) {
            text.append(':').append(location);
        }
        if (!text.isEmpty()) {
            text.append(": ");
        }
        if (!path.isEmpty()) {
            text.append(path).append(": ");
        }
        return text.append(message).toString();
    }

    /** The path from the top of a request holding the document as its member {@link #file()}: {@code benchmark.questions[3]}. */
    public String qualifiedPath() {
        return Problems.join(file, path);
    }

    /** {@code benchmark.questions[3].id: message}: the problem as a request's error lists it. */
    public String pathMessage() {
        String where = qualifiedPath();
        return where.isEmpty() ? message : where + ": " + message;
    }
}
