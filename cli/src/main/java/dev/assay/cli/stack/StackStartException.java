package dev.assay.cli.stack;

/** A part of the local stack (broker, database, a service) could not start; the message names it and its log. Exit code 3. */
public final class StackStartException extends RuntimeException {
    public StackStartException(String message, Throwable cause) {
        super(message, cause);
    }
}
