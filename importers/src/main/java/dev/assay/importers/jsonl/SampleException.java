package dev.assay.importers.jsonl;

/** A sample that makes no question; the message says why, for the report. */
final class SampleException extends RuntimeException {

    SampleException(String message) {
        super(message);
    }
}
