package dev.assay.common.validation;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A document that was read: its record (null when it could not be bound) and every problem found in
 * it so far, each placed in its text. Checks that run later (those of a pair of documents) report
 * here too, so that one place decides what the user is told.
 */
public final class ReadDocument<T> {

    private final SpecDocument document;
    private final T value;
    private final Locations locations;
    private final boolean complete;
    private final List<Problem> problems = new ArrayList<>();
    private final Set<String> reported = new HashSet<>();

    ReadDocument(SpecDocument document, T value, Locations locations, boolean complete) {
        this.document = document;
        this.value = value;
        this.locations = locations;
        this.complete = complete;
    }

    public SpecDocument document() {
        return document;
    }

    /** The record, or null when the document could not be bound. */
    public T value() {
        return value;
    }

    /**
     * Whether the whole document was read into the record: nothing unknown, of the wrong type or
     * unreadable was left out (its own checks may still have found problems). Only then do checks
     * that combine it with another document see what the user wrote.
     */
    public boolean complete() {
        return complete;
    }

    /** Every problem reported so far, in the order found. */
    public List<Problem> problems() {
        return List.copyOf(problems);
    }

    /**
     * Adds one check's problems (paths from the document's root), placed in its text, and returns
     * those added. A problem at a place an earlier check already reported is left out: that check
     * said it first and better, and the later one only sees what it left behind (a field whose
     * value could not be bound is "missing" to every check after binding).
     */
    public List<Problem> report(List<ValidationError> errors) {
        Set<String> before = Set.copyOf(reported);
        List<Problem> added = new ArrayList<>();
        for (ValidationError error : errors) {
            if (before.contains(error.path())) {
                continue;
            }
            Problem problem = new Problem(document.name(), error.path(), error.message(), locations.locate(error.node()));
            problems.add(problem);
            added.add(problem);
            reported.add(error.path());
        }
        return added;
    }

    /** Adds a problem already placed (a syntax error: where the parser stopped). */
    void reportPlaced(Problem problem) {
        problems.add(problem);
        reported.add(problem.path());
    }
}
