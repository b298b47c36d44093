package dev.assay.importers.karenina;

import dev.assay.importers.karenina.python.PyStatement;
import dev.assay.importers.python.PyExpr;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The answer class of a template, as written: its fields in order, its methods, and the
 * {@code VerificationStrategy} inner class if there is one. Imports and docstrings around it are
 * allowed; any other statement outside or inside the class means the template does more than the
 * reader follows.
 *
 * @param strategy the inner {@code VerificationStrategy} class, or null
 */
record AnswerClass(String name, List<FieldDeclaration> fields, Map<String, PyStatement.FunctionDef> methods,
                   PyStatement.ClassDef strategy) {

    /** {@code name: annotation = value}; {@code value} is null when the field has none. */
    record FieldDeclaration(String name, PyExpr annotation, PyExpr value, PyStatement statement) {
    }

    AnswerClass {
        fields = List.copyOf(fields);
        methods = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(methods));
    }

    static AnswerClass read(List<PyStatement> module) {
        PyStatement.ClassDef answer = null;
        for (PyStatement statement : module) {
            switch (statement) {
                case PyStatement.Import imported -> {
                }
                case PyStatement.Pass pass -> {
                }
                case PyStatement.ExprStatement(PyExpr.Str doc, int line, String text) -> {
                }
                case PyStatement.ClassDef klass when isAnswerClass(klass) -> {
                    if (answer != null) {
                        throw TemplateNotConvertible.at(klass, "a second BaseAnswer class");
                    }
                    answer = klass;
                }
                case PyStatement.Other other when other.problem() != null -> throw TemplateNotConvertible.at(other, other.problem());
                default -> throw TemplateNotConvertible.at(statement, "code outside the answer class");
            }
        }
        if (answer == null) {
            throw new TemplateNotConvertible("no class deriving from BaseAnswer");
        }
        return body(answer);
    }

    private static boolean isAnswerClass(PyStatement.ClassDef klass) {
        return klass.bases().stream().anyMatch(base -> FieldTypes.name(base).equals("BaseAnswer"));
    }

    private static AnswerClass body(PyStatement.ClassDef answer) {
        List<FieldDeclaration> fields = new ArrayList<>();
        Map<String, PyStatement.FunctionDef> methods = new LinkedHashMap<>();
        PyStatement.ClassDef strategy = null;
        for (PyStatement statement : answer.body()) {
            switch (statement) {
                case PyStatement.ExprStatement(PyExpr.Str doc, int line, String text) -> {
                }
                case PyStatement.Pass pass -> {
                }
                case PyStatement.AnnotatedAssign(PyExpr.Name(String name), PyExpr annotation, PyExpr value, int line, String text) -> {
                    if (name.startsWith("_") || FieldTypes.name(annotation).equals("ClassVar")
                            || annotation instanceof PyExpr.Subscript(PyExpr generic, PyExpr index) && FieldTypes.name(generic).equals("ClassVar")) {
                        throw TemplateNotConvertible.at(statement, "a class attribute that is not a field");
                    }
                    fields.add(new FieldDeclaration(name, annotation, value, statement));
                }
                case PyStatement.FunctionDef method -> {
                    if (methods.put(method.name(), method) != null) {
                        throw TemplateNotConvertible.at(method, "method " + method.name() + "() is defined twice");
                    }
                }
                case PyStatement.ClassDef inner when inner.name().equals("VerificationStrategy") -> strategy = inner;
                case PyStatement.Other other when other.problem() != null -> throw TemplateNotConvertible.at(other, other.problem());
                default -> throw TemplateNotConvertible.at(statement, "a class-body statement that is neither a field nor a method");
            }
        }
        return new AnswerClass(answer.name(), fields, methods, strategy);
    }
}
