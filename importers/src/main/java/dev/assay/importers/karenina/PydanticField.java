package dev.assay.importers.karenina;

import dev.assay.importers.python.PyExpr;

import java.util.Set;

/**
 * The {@code Field(description=...)} of a generated-pattern field. Only what leaves the judge's
 * task unchanged in Assay is accepted: the description, {@code default=None} (the value may be
 * absent) and {@code title}; other options (constraints, examples, aliases) change what the judge
 * may answer, so they are not converted.
 *
 * @param nullable {@code default=None}
 */
record PydanticField(String description, boolean nullable) {

    private static final Set<String> ACCEPTED = Set.of("description", "default", "title");

    static PydanticField read(AnswerClass.FieldDeclaration field) {
        if (!(field.value() instanceof PyExpr.Call call) || !call.functionName().equals("Field")) {
            throw TemplateNotConvertible.at(field.statement(), "field " + field.name() + " has no Field(description=...)");
        }
        boolean nullable = false;
        if (call.args().size() > 1) {
            throw TemplateNotConvertible.at(field.statement(), "field " + field.name() + ": Field() with several positional arguments");
        }
        PyExpr defaultValue = !call.args().isEmpty() ? call.args().getFirst() : call.keywords().get("default");
        if (defaultValue != null) {
            if (defaultValue instanceof PyExpr.None) {
                nullable = true;
            } else if (!(defaultValue instanceof PyExpr.Ellipsis)) {
                throw TemplateNotConvertible.at(field.statement(), "field " + field.name() + " has a default value");
            }
        }
        for (String keyword : call.keywords().keySet()) {
            if (!ACCEPTED.contains(keyword)) {
                throw TemplateNotConvertible.at(field.statement(), "field " + field.name() + ": Field(" + keyword
                        + "=...) has no Assay equivalent");
            }
        }
        if (!(call.keywords().get("description") instanceof PyExpr.Str(String description)) || description.isBlank()) {
            throw TemplateNotConvertible.at(field.statement(), "field " + field.name() + " has no description for the judge");
        }
        return new PydanticField(description, nullable);
    }
}
