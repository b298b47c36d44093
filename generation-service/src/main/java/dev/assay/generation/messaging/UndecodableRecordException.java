package dev.assay.generation.messaging;

/** A record that is not a readable message of the expected type; it goes to the dead-letter topic. */
public class UndecodableRecordException extends RuntimeException {

    public UndecodableRecordException(String message, Throwable cause) {
        super(message, cause);
    }
}
