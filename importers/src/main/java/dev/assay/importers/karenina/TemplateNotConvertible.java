package dev.assay.importers.karenina;

import dev.assay.importers.karenina.python.PyStatement;

/**
 * A template, or a part of it, that has no faithful Assay form. The message says what and where,
 * and ends up in the import report as the reason the template was left out.
 */
final class TemplateNotConvertible extends RuntimeException {

    TemplateNotConvertible(String message) {
        super(message);
    }

    /** "what (line N: `statement`)". */
    static TemplateNotConvertible at(PyStatement statement, String what) {
        return new TemplateNotConvertible(what + " (" + where(statement) + ")");
    }

    static String where(PyStatement statement) {
        String text = statement.text().length() > 120 ? statement.text().substring(0, 117) + "..." : statement.text();
        return "line " + statement.line() + ": `" + text + "`";
    }
}
