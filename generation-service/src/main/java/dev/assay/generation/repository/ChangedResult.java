package dev.assay.generation.repository;

/** A result as {@link ResultRepository#changedAfter} reads it: its id, the transaction that last wrote it, its JSON. */
public record ChangedResult(String resultId, long changedBy, String result) {
}
