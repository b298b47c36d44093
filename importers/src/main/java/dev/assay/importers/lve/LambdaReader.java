package dev.assay.importers.lve;

import dev.assay.importers.python.PyExpr;
import dev.assay.importers.python.PythonExpressionParser;
import dev.assay.importers.python.PythonSyntaxException;
import dev.assay.importers.python.PythonTokenizer;
import dev.assay.importers.python.Token;
import dev.assay.importers.python.UnsupportedSyntaxException;

import java.util.ArrayList;
import java.util.List;

/**
 * Reads a checker's lambda with the shared Python parser and refuses, in the import report's words,
 * what {@link LambdaToCel} has no translation for at the syntax level: parameters other than plain
 * names, keyword arguments, dict and set displays, several indices, comprehensions other than one
 * {@code for} over one name. The refusals are checked in source order, so a lambda with several
 * is refused for the first.
 */
final class LambdaReader {

    static final String DICT_AND_SET = "dict and set displays are not translated";

    private LambdaReader() {
    }

    /** The lambda {@code source} defines (parentheses around it allowed). */
    static PyExpr.Lambda read(String source) {
        PyExpr expression = expression(source);
        if (!(expression instanceof PyExpr.Lambda lambda)) {
            throw new Untranslatable("is not a lambda expression");
        }
        return lambda;
    }

    /** Any expression, refused as {@link #read} refuses. */
    static PyExpr expression(String source) {
        List<Token> tokens;
        try {
            tokens = PythonTokenizer.expression(source.strip());
        } catch (PythonSyntaxException e) {
            throw new Untranslatable("cannot read the lambda at position " + e.offset() + ": " + problem(e));
        }
        PyExpr expression;
        try {
            expression = PythonExpressionParser.expression(tokens);
        } catch (UnsupportedSyntaxException e) {
            throw unsupported(e);
        } catch (PythonSyntaxException e) {
            String at = e.near() == null ? "at the end" : "at '" + e.near() + "' (position " + e.offset() + ")";
            throw new Untranslatable("cannot parse the lambda " + at + ": " + e.problem());
        }
        refuseUntranslatable(expression);
        return expression;
    }

    private static Untranslatable unsupported(UnsupportedSyntaxException e) {
        return switch (e.construct()) {
            case F_STRING, BYTES, COMPLEX_NUMBER, COMMENT, NAMED_ESCAPE ->
                    new Untranslatable("cannot read the lambda at position " + e.offset() + ": " + problem(e));
            case STARRED_ARGUMENT -> new Untranslatable("a call with *args or **kwargs is not translated");
            case DICT_COMPREHENSION -> new Untranslatable(DICT_AND_SET);
            case KEYWORD -> new Untranslatable("cannot parse the lambda at '" + e.near() + "' (position " + e.offset()
                    + "): unexpected keyword '" + e.detail() + "'");
            case UNPACKING -> new Untranslatable(e.what() + " is not translated");
        };
    }

    /** What the tokenizer met, as the LVE report has always put it. */
    private static String problem(PythonSyntaxException e) {
        if (!(e instanceof UnsupportedSyntaxException unsupported)) {
            return e.problem();
        }
        return switch (unsupported.construct()) {
            case F_STRING -> "f-strings with replacement fields are not translated";
            case BYTES -> "bytes literals are not translated";
            case COMPLEX_NUMBER -> "complex numbers are not translated";
            case NAMED_ESCAPE -> "\\N{...} escapes are not translated";
            default -> unsupported.what();
        };
    }

    private static void refuseUntranslatable(PyExpr expr) {
        switch (expr) {
            case PyExpr.Lambda lambda -> {
                parameterNames(lambda); // refuses defaults, so the body is all there is inside
                refuseUntranslatable(lambda.body());
            }
            case PyExpr.Call call -> {
                refuseUntranslatable(call.function());
                call.args().stream().map(arg -> quantified(call, arg)).forEach(LambdaReader::refuseUntranslatable);
                if (!call.keywords().isEmpty()) {
                    throw new Untranslatable("a call with keyword argument " + call.keywords().keySet().iterator().next()
                            + "= is not translated");
                }
            }
            case PyExpr.Subscript subscript -> {
                refuseUntranslatable(subscript.value());
                if (subscript.index() instanceof PyExpr.TupleLit several && !several.items().isEmpty()) {
                    refuseUntranslatable(several.items().get(0));
                    throw new Untranslatable("a subscript with several indices is not translated");
                }
                refuseUntranslatable(subscript.index());
            }
            case PyExpr.Comprehension comprehension -> {
                if (comprehension.kind() == PyExpr.Comprehension.Kind.SET) {
                    throw new Untranslatable(DICT_AND_SET);
                }
                refuseUntranslatable(comprehension.element());
                if (comprehension.kind() == PyExpr.Comprehension.Kind.LIST) {
                    throw new Untranslatable("list comprehensions are not translated");
                }
                PyExpr.For first = comprehension.clauses().get(0);
                if (!(first.target() instanceof PyExpr.Name)) {
                    throw new Untranslatable("a comprehension over more than one name is not translated");
                }
                refuseUntranslatable(first.iterable());
                if (!first.conditions().isEmpty() || comprehension.clauses().size() > 1) {
                    throw new Untranslatable("a comprehension with '" + (first.conditions().isEmpty() ? "for" : "if")
                            + "' clauses is not translated");
                }
            }
            case PyExpr.DictLit ignored -> throw new Untranslatable(DICT_AND_SET);
            case PyExpr.SetLit ignored -> throw new Untranslatable(DICT_AND_SET);
            case PyExpr.Ellipsis ignored -> throw new Untranslatable("the Ellipsis (...) is not translated");
            default -> expr.children().forEach(LambdaReader::refuseUntranslatable);
        }
    }

    /**
     * {@code arg} of {@code call}, a list comprehension read as a generator when it is the one argument
     * of {@code all()} or {@code any()}: the same verdict, as the list is only ever iterated. (Python
     * builds the whole list first, so an element that raises raises even after a true one; CEL's
     * {@code exists} would still say true. Either way LVE would have recorded no verdict for it.)
     */
    static PyExpr quantified(PyExpr.Call call, PyExpr arg) {
        if (call.function() instanceof PyExpr.Name name && (name.id().equals("all") || name.id().equals("any"))
                && call.args().size() == 1 && arg instanceof PyExpr.Comprehension list && list.kind() == PyExpr.Comprehension.Kind.LIST) {
            return new PyExpr.Comprehension(PyExpr.Comprehension.Kind.GENERATOR, list.element(), list.clauses());
        }
        return arg;
    }

    /** The lambda's parameters, each a plain name given once; anything else is refused. */
    static List<String> parameterNames(PyExpr.Lambda lambda) {
        List<String> names = new ArrayList<>();
        for (PyExpr.Parameter parameter : lambda.parameters()) {
            if (!parameter.stars().isEmpty()) {
                throw new Untranslatable("the lambda's parameter list has '" + parameter.stars()
                        + "' (only plain names are translated, no defaults, *args or **kwargs)");
            }
            if (parameter.defaultValue() != null) {
                throw new Untranslatable("the lambda's parameter " + parameter.name() + " has a default value (not translated)");
            }
            if (names.contains(parameter.name())) {
                throw new Untranslatable("the lambda names parameter " + parameter.name() + " twice (Python's syntax error)");
            }
            names.add(parameter.name());
        }
        return List.copyOf(names);
    }
}
