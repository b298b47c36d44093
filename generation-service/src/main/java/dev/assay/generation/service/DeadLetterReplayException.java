package dev.assay.generation.service;

/** The dead-letter topic could not be read or its records not re-published; nothing was marked as replayed. */
public class DeadLetterReplayException extends RuntimeException {

    public DeadLetterReplayException(String message, Throwable cause) {
        super(message, cause);
    }
}
