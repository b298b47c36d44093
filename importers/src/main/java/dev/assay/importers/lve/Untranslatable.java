package dev.assay.importers.lve;

/**
 * Something in an LVE test that has no faithful translation (or that Python itself would reject).
 * The message says what and why, in words fit for the import report; the importer turns it into a
 * report reason and carries on with the rest.
 */
final class Untranslatable extends RuntimeException {

    Untranslatable(String reason) {
        super(reason, null, false, false);
    }
}
