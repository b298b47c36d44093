package dev.assay.importers.karenina;

import dev.assay.importers.python.PyExpr;

import java.util.ArrayList;
import java.util.List;

/**
 * One side of a comparison in {@code verify()}: a field ({@code self.x}), a ground-truth entry
 * ({@code self.correct["x"]}) or a literal, possibly wrapped in {@code .strip()}, {@code .lower()},
 * {@code .upper()} or {@code set(...)}.
 *
 * @param name       the field name, or the key in {@code self.correct}; null for a literal
 * @param literal    the literal, for {@link Kind#LITERAL}
 * @param transforms string methods called on it
 * @param asSet      wrapped in {@code set(...)}
 */
record ComparedSide(Kind kind, String name, PyExpr literal, TextTransforms transforms, boolean asSet) {

    enum Kind { FIELD, TRUTH, LITERAL }

    boolean isPlain() {
        return transforms.isEmpty() && !asSet;
    }

    /** The side, or null when the expression is none of the three. */
    static ComparedSide of(PyExpr expr) {
        List<String> methods = new ArrayList<>();
        boolean asSet = false;
        PyExpr inner = expr;
        while (true) {
            if (inner instanceof PyExpr.Call call && call.args().isEmpty() && call.keywords().isEmpty()
                    && call.function() instanceof PyExpr.Attribute(PyExpr target, String method) && TextTransforms.KNOWN.contains(method)) {
                methods.addFirst(method);
                inner = target;
            } else if (!asSet && methods.isEmpty() && inner instanceof PyExpr.Call call && call.function() instanceof PyExpr.Name(String function)
                    && function.equals("set") && call.args().size() == 1 && call.keywords().isEmpty()) {
                asSet = true;
                inner = call.args().getFirst();
            } else {
                break;
            }
        }
        TextTransforms transforms = new TextTransforms(methods);
        String field = selfAttribute(inner);
        if (field != null && !field.equals("correct")) {
            return new ComparedSide(Kind.FIELD, field, null, transforms, asSet);
        }
        String key = truthKey(inner);
        if (key != null) {
            return new ComparedSide(Kind.TRUTH, key, null, transforms, asSet);
        }
        if (PythonValues.value(inner).isPresent()) {
            return new ComparedSide(Kind.LITERAL, null, inner, transforms, asSet);
        }
        return null;
    }

    /** {@code x} for {@code self.x}. */
    static String selfAttribute(PyExpr expr) {
        return expr instanceof PyExpr.Attribute(PyExpr target, String name) && target instanceof PyExpr.Name(String self)
                && self.equals("self") ? name : null;
    }

    /** {@code k} for {@code self.correct["k"]} and {@code self.correct.get("k")}. */
    private static String truthKey(PyExpr expr) {
        if (expr instanceof PyExpr.Subscript(PyExpr value, PyExpr index) && "correct".equals(selfAttribute(value))
                && index instanceof PyExpr.Str(String key)) {
            return key;
        }
        if (expr instanceof PyExpr.Call call && call.args().size() == 1 && call.keywords().isEmpty()
                && call.function() instanceof PyExpr.Attribute(PyExpr target, String method) && method.equals("get")
                && "correct".equals(selfAttribute(target)) && call.args().getFirst() instanceof PyExpr.Str(String key)) {
            return key;
        }
        return null;
    }
}
