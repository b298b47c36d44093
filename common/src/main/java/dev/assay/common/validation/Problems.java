package dev.assay.common.validation;

import java.util.ArrayList;
import java.util.List;

/**
 * Collects validation errors while walking a file, so the user sees all of them at once.
 * Paths are built as {@code questions[3].template.fields.dose}.
 */
public final class Problems {

    /**
     * The longest name or id a run carries into the result store: its columns for the run's name,
     * a question's id and a model's key hold this many characters, and a longer one would fail
     * only once the run is submitted or its results are stored.
     */
    public static final int MAX_NAME_LENGTH = 512;

    private final List<ValidationError> errors = new ArrayList<>();

    public void add(String path, String message) {
        errors.add(new ValidationError(path, message));
    }

    /** A problem reported at {@code path} but about the node at {@code node} (an unknown field: its object, and its key). */
    public void addAt(String path, String node, String message) {
        errors.add(new ValidationError(path, message, node));
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

    public static String field(String parent, String name) {
        return parent == null || parent.isEmpty() ? name : parent + "." + name;
    }

    public static String index(String parent, int index) {
        return (parent == null ? "" : parent) + "[" + index + "]";
    }

    /** {@code path} under {@code prefix}: {@code benchmark} + {@code questions[0]} → {@code benchmark.questions[0]}. */
    public static String join(String prefix, String path) {
        if (prefix == null || prefix.isEmpty()) {
            return path == null ? "" : path;
        }
        if (path == null || path.isEmpty()) {
            return prefix;
        }
        return path.startsWith("[") ? prefix + path : prefix + "." + path;
    }

    /** Adds an error when {@code value} is longer than {@link #MAX_NAME_LENGTH} characters. */
    public void maxNameLength(String path, String value) {
        if (value != null && value.length() > MAX_NAME_LENGTH) {
            add(path, "is " + value.length() + " characters long; at most " + MAX_NAME_LENGTH + " fit the result store");
        }
    }

    /** Whether {@code value} is an absolute http(s) URL with a host. */
    public static boolean isHttpUrl(String value) {
        try {
            java.net.URI uri = java.net.URI.create(value);
            return ("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) && uri.getHost() != null;
        } catch (IllegalArgumentException e) {
            return false;
        }
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
