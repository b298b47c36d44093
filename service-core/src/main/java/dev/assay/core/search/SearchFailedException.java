package dev.assay.core.search;

/** A search that could not be made; the message names the tool and the problem, never a key. */
public class SearchFailedException extends RuntimeException {

    public SearchFailedException(String message) {
        super(message);
    }

    public SearchFailedException(String message, Throwable cause) {
        super(message, cause);
    }
}
