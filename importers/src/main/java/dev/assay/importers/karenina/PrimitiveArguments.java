package dev.assay.importers.karenina;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.importers.python.PyExpr;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The keyword arguments of a verification primitive's call ({@code ExactMatch(normalize=[...])}),
 * read with their Karenina defaults. An argument the mapping does not know is refused: it could
 * change what the primitive checks.
 */
final class PrimitiveArguments {

    private final PyExpr.Call call;
    private final String where;

    private PrimitiveArguments(PyExpr.Call call, String where) {
        this.call = call;
        this.where = where;
    }

    /** @param known the keyword arguments the primitive has */
    static PrimitiveArguments of(PyExpr.Call call, String where, Set<String> known) {
        String primitive = call.functionName();
        if (!call.args().isEmpty()) {
            throw new TemplateNotConvertible(where + ": " + primitive + "() with positional arguments");
        }
        for (String keyword : call.keywords().keySet()) {
            if (!known.contains(keyword)) {
                throw new TemplateNotConvertible(where + ": " + primitive + "(" + keyword + "=...) is not a parameter the "
                        + "mapping knows");
            }
        }
        return new PrimitiveArguments(call, where);
    }

    boolean has(String name) {
        return call.keywords().containsKey(name) && !(call.keywords().get(name) instanceof PyExpr.None);
    }

    String text(String name, String fallback) {
        if (!has(name)) {
            return fallback;
        }
        if (call.keywords().get(name) instanceof PyExpr.Str(String text)) {
            return text;
        }
        throw wrong(name, "text");
    }

    boolean bool(String name, boolean fallback) {
        if (!has(name)) {
            return fallback;
        }
        if (call.keywords().get(name) instanceof PyExpr.Bool(boolean flag)) {
            return flag;
        }
        throw wrong(name, "True or False");
    }

    /** A number argument as JSON (keeping how it was written), or null when absent. */
    JsonNode number(String name) {
        if (!has(name)) {
            return null;
        }
        JsonNode value = PythonValues.value(call.keywords().get(name)).orElse(null);
        if (value == null || !value.isNumber()) {
            throw wrong(name, "a number");
        }
        return value;
    }

    BigDecimal decimal(String name) {
        JsonNode value = number(name);
        return value == null ? null : value.decimalValue();
    }

    /** A list argument's items as written, or null when absent. */
    List<PyExpr> list(String name) {
        if (!has(name)) {
            return null;
        }
        if (call.keywords().get(name) instanceof PyExpr.ListLit(List<PyExpr> items)) {
            return items;
        }
        if (call.keywords().get(name) instanceof PyExpr.TupleLit(List<PyExpr> items)) {
            return items;
        }
        throw wrong(name, "a list");
    }

    List<String> texts(String name, List<String> fallback) {
        List<PyExpr> items = list(name);
        if (items == null) {
            return fallback;
        }
        List<String> texts = new ArrayList<>();
        for (PyExpr item : items) {
            if (!(item instanceof PyExpr.Str(String text))) {
                throw wrong(name, "a list of texts");
            }
            texts.add(text);
        }
        return texts;
    }

    private TemplateNotConvertible wrong(String name, String expected) {
        return new TemplateNotConvertible(where + ": " + call.functionName() + "(" + name + "=...) is not " + expected);
    }
}
