package dev.assay.importers;

/**
 * The source cannot be imported at all (missing, unreadable, not the format). Problems with single
 * items are not exceptions: they are entries of the {@link ImportReport}, and the rest is imported.
 * The message names the file and the problem.
 */
public class ImportException extends RuntimeException {

    public ImportException(String message) {
        super(message);
    }

    public ImportException(String message, Throwable cause) {
        super(message, cause);
    }
}
