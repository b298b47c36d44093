package dev.assay.core.pipeline;

/**
 * A consumed record that no stage can work on: not JSON, not the message its topic carries, a
 * {@code schema_version} this service does not read, or a message missing what every result
 * needs. The consumer nacks it, so it lands on the dead-letter topic with this message as the
 * {@code dead-letter-reason}, and goes on with the next record.
 */
public final class UnreadableRecordException extends RuntimeException {

    public UnreadableRecordException(String message) {
        super(message);
    }

    public UnreadableRecordException(String message, Throwable cause) {
        super(message, cause);
    }
}
