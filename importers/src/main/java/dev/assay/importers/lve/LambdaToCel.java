package dev.assay.importers.lve;

import dev.assay.importers.python.PyExpr;

import java.math.BigInteger;
import java.util.ArrayList;
import dev.assay.common.benchmark.trait.ExpressionException;
import dev.assay.common.benchmark.trait.TraitExpressions;

import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static dev.assay.importers.lve.CelValue.AND;
import static dev.assay.importers.lve.CelValue.CONDITIONAL;
import static dev.assay.importers.lve.CelValue.OR;
import static dev.assay.importers.lve.CelValue.PRIMARY;
import static dev.assay.importers.lve.CelValue.PRODUCT;
import static dev.assay.importers.lve.CelValue.RELATION;
import static dev.assay.importers.lve.CelValue.SUM;
import static dev.assay.importers.lve.CelValue.UNARY;

/**
 * Translates a Python lambda, applied to known arguments, into a CEL expression with the same
 * value: comparisons (chained too), arithmetic (Python's true division and floor division and
 * modulo, exactly), {@code and}/{@code or}/{@code not}, conditional expressions, {@code int},
 * {@code float}, {@code str}, {@code len}, {@code abs}, {@code min}, {@code max}, {@code bool},
 * {@code all}/{@code any} over a generator, {@code in}, string methods with a CEL counterpart, and
 * constant subscripts. Types come from the arguments (the response is a str, a parameter has its
 * JSON value's type), so every operator is translated for the types Python would see. Anything
 * else is refused with the reason, never approximated; the caveats that remain (ASCII-only
 * {@code lower()}/{@code upper()}, the white space {@code strip()} removes) are listed in the LVE
 * section of docs/importing.md.
 */
final class LambdaToCel {

    private final Map<String, PyBinding> scope;
    /** CEL names the expression already reads; a comprehension variable must not hide one. */
    private final Set<String> celNames;

    private LambdaToCel(Map<String, PyBinding> scope, Set<String> celNames) {
        this.scope = scope;
        this.celNames = celNames;
    }

    /**
     * The value of {@code source} (a lambda) called as LVE calls it: {@code func(*positional, **keywords)}.
     *
     * @param celNames the variables of the expression's environment (built-ins and prompt parameters)
     */
    static CelValue call(String source, List<PyBinding> positional, Map<String, PyBinding> keywords, Set<String> celNames) {
        PyExpr.Lambda lambda = LambdaReader.read(source);
        List<String> parameters = LambdaReader.parameterNames(lambda);
        if (parameters.size() < positional.size()) {
            throw new Untranslatable("the lambda takes " + parameters.size() + " argument(s), but LVE passes " + positional.size()
                    + " positionally (Python raises TypeError)");
        }
        Map<String, PyBinding> scope = new HashMap<>();
        for (int i = 0; i < positional.size(); i++) {
            scope.put(parameters.get(i), positional.get(i));
        }
        List<String> byName = parameters.subList(positional.size(), parameters.size());
        for (String name : keywords.keySet()) {
            if (!byName.contains(name)) {
                throw new Untranslatable("LVE passes prompt parameter " + name + ", which the lambda "
                        + (parameters.contains(name) ? "already gets positionally" : "does not take") + " (Python raises TypeError)");
            }
        }
        for (String name : byName) {
            if (!keywords.containsKey(name)) {
                throw new Untranslatable("the lambda's parameter " + name + " gets no value: the instance has no such prompt "
                        + "parameter (Python raises TypeError)");
            }
            scope.put(name, keywords.get(name));
        }
        return new LambdaToCel(scope, celNames).translate(lambda.body());
    }

    private CelValue translate(PyExpr expression) {
        return switch (expression) {
            case PyExpr.Name name -> name(name.id());
            case PyExpr.Int constant -> intConstant(constant.value());
            case PyExpr.Float constant -> floatConstant(constant.value().doubleValue());
            case PyExpr.Str constant -> new CelValue(CelText.string(constant.value()), PyType.STR, PRIMARY,
                    constant.value().equals(PythonValues.strip(constant.value())));
            case PyExpr.Bool constant -> new CelValue(String.valueOf(constant.value()), PyType.BOOL, PRIMARY);
            case PyExpr.None ignored -> throw new Untranslatable("None is not translated");
            case PyExpr.ListLit list -> sequence(list.items(), "list");
            case PyExpr.TupleLit tuple -> sequence(tuple.items(), "tuple");
            case PyExpr.Unary unary -> unary(unary);
            case PyExpr.BinOp binary -> binary(binary);
            case PyExpr.BoolOp boolOp -> boolOp(boolOp);
            case PyExpr.Compare compare -> compare(compare);
            case PyExpr.IfExp ifExp -> conditional(ifExp);
            case PyExpr.Call call -> call(call);
            case PyExpr.Attribute attribute -> throw new Untranslatable("reads attribute ." + attribute.name() + " (not translated)");
            case PyExpr.Subscript subscript -> subscript(subscript);
            case PyExpr.Slice ignored -> throw new Untranslatable("slices are not translated");
            case PyExpr.Comprehension ignored -> throw new Untranslatable("a generator outside all() or any() is not translated");
            case PyExpr.Lambda ignored -> throw new Untranslatable("a lambda inside the lambda is not translated");
            // LambdaReader refuses these before translation
            case PyExpr.DictLit ignored -> throw new Untranslatable(LambdaReader.DICT_AND_SET);
            case PyExpr.SetLit ignored -> throw new Untranslatable(LambdaReader.DICT_AND_SET);
            case PyExpr.Ellipsis ignored -> throw new Untranslatable("the Ellipsis (...) is not translated");
        };
    }

    private CelValue name(String id) {
        PyBinding binding = scope.get(id);
        if (binding == null) {
            throw new Untranslatable("reads " + id + ", which is not one of the lambda's parameters (not translated)");
        }
        if (binding.unusable() != null) {
            throw new Untranslatable("reads " + id + ", which " + binding.unusable());
        }
        return binding.value();
    }

    private static CelValue intConstant(BigInteger value) {
        if (value.bitLength() > 63) {
            throw new Untranslatable("the integer " + value + " is beyond CEL's 64-bit int");
        }
        return new CelValue(value.toString(), PyType.INT, value.signum() < 0 ? UNARY : PRIMARY);
    }

    private static CelValue floatConstant(double value) {
        if (!Double.isFinite(value)) {
            throw new Untranslatable("the float " + PythonValues.floatRepr(value) + " is not translated");
        }
        return new CelValue(PythonValues.floatRepr(value), PyType.FLOAT, value < 0 ? UNARY : PRIMARY);
    }

    /** A list or tuple display ({@code kind} says which, for messages). */
    private CelValue sequence(List<PyExpr> elements, String kind) {
        if (elements.isEmpty()) {
            throw new Untranslatable("an empty " + kind + " is not translated");
        }
        List<CelValue> items = elements.stream().map(this::translate).toList();
        PyType type = items.get(0).type();
        if (type.listOf() == null || items.stream().anyMatch(item -> item.type() != type)) {
            throw new Untranslatable("a " + kind + " of " + items.stream()
                    .map(item -> item.type().toString()).distinct().collect(Collectors.joining(" and ")) + " is not translated");
        }
        String text = items.stream().map(item -> item.at(CONDITIONAL)).collect(Collectors.joining(", ", "[", "]"));
        return new CelValue(text, type.listOf(), PRIMARY);
    }

    private CelValue unary(PyExpr.Unary unary) {
        if (unary.op().equals("not")) {
            return new CelValue("!" + truthy(translate(unary.operand())).at(UNARY), PyType.BOOL, UNARY);
        }
        if (unary.op().equals("-") && unary.operand() instanceof PyExpr.Int constant) {
            return intConstant(constant.value().negate());
        }
        if (unary.op().equals("-") && unary.operand() instanceof PyExpr.Float constant) {
            return floatConstant(-constant.value().doubleValue());
        }
        CelValue operand = translate(unary.operand());
        if (unary.op().equals("~") || !operand.type().isNumber()) {
            throw new Untranslatable("unary " + unary.op() + " on a " + operand.type() + " is not translated");
        }
        if (unary.op().equals("+")) {
            return operand;
        }
        String inner = operand.at(UNARY);
        return new CelValue("-" + (inner.startsWith("-") ? "(" + inner + ")" : inner), operand.type(), UNARY);
    }

    private CelValue binary(PyExpr.BinOp binary) {
        String op = binary.op();
        if (!Set.of("+", "-", "*", "/", "//", "%", "**").contains(op)) {
            throw new Untranslatable("operator " + op + " is not translated");
        }
        if (op.equals("**")) {
            return power(binary);
        }
        CelValue left = translate(binary.left());
        CelValue right = translate(binary.right());
        if (op.equals("+") && left.type() == right.type() && (left.type() == PyType.STR || left.type().isList())) {
            return new CelValue(left.at(SUM) + " + " + right.at(SUM + 1), left.type(), SUM);
        }
        if (!left.type().isNumber() || !right.type().isNumber()) {
            throw new Untranslatable(left.type() + " " + op + " " + right.type() + " is not translated"
                    + (left.type() == PyType.BOOL || right.type() == PyType.BOOL ? "" : " (Python raises TypeError or repeats a sequence)"));
        }
        return switch (op) {
            case "/" -> new CelValue(asDouble(left).at(PRODUCT) + " / " + asDouble(right).at(PRODUCT + 1), PyType.FLOAT, PRODUCT);
            case "%", "//" -> floorArithmetic(op, left, right);
            default -> {
                boolean isFloat = left.type() == PyType.FLOAT || right.type() == PyType.FLOAT;
                int level = op.equals("*") ? PRODUCT : SUM;
                CelValue l = isFloat ? asDouble(left) : left;
                CelValue r = isFloat ? asDouble(right) : right;
                yield new CelValue(l.at(level) + " " + op + " " + r.at(level + 1), isFloat ? PyType.FLOAT : PyType.INT, level);
            }
        };
    }

    /** Python's % and // round toward negative infinity; CEL's toward zero. The rewrite is exact for ints. */
    private static CelValue floorArithmetic(String op, CelValue left, CelValue right) {
        if (left.type() != PyType.INT || right.type() != PyType.INT) {
            throw new Untranslatable("float " + op + " is not translated");
        }
        String modulo = "(" + left.at(PRODUCT) + " % " + right.at(PRODUCT + 1) + " + " + right.at(SUM + 1) + ") % "
                + right.at(PRODUCT + 1);
        if (op.equals("%")) {
            return new CelValue(modulo, PyType.INT, PRODUCT);
        }
        return new CelValue("(" + left.at(SUM) + " - " + "(" + modulo + ")) / " + right.at(PRODUCT + 1), PyType.INT, PRODUCT);
    }

    /** {@code x ** n} for a small constant n, as repeated multiplication (exact for ints, and for floats up to n = 2). */
    private CelValue power(PyExpr.BinOp binary) {
        CelValue base = translate(binary.left());
        if (!(binary.right() instanceof PyExpr.Int exponent) || exponent.value().compareTo(BigInteger.valueOf(8)) > 0
                || !base.type().isNumber() || base.type() == PyType.FLOAT && exponent.value().intValue() > 2) {
            throw new Untranslatable("** is translated only for an int raised to a constant 0 to 8 (a float to 0 to 2)");
        }
        int n = exponent.value().intValue();
        if (n == 0) {
            return new CelValue(base.type() == PyType.INT ? "1" : "1.0", base.type(), PRIMARY);
        }
        if (n == 1) {
            return base;
        }
        List<String> factors = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            factors.add(base.at(PRODUCT + 1));
        }
        return new CelValue(String.join(" * ", factors), base.type(), PRODUCT);
    }

    private static CelValue asDouble(CelValue value) {
        return value.type() == PyType.INT ? new CelValue("double(" + value.text() + ")", PyType.FLOAT, PRIMARY) : value;
    }

    private CelValue boolOp(PyExpr.BoolOp boolOp) {
        List<CelValue> values = boolOp.values().stream().map(this::translate).toList();
        if (values.stream().anyMatch(value -> value.type() != PyType.BOOL)) {
            throw new Untranslatable("'" + boolOp.op() + "' on a non-bool value returns that value, not True or False "
                    + "(not translated)");
        }
        int level = boolOp.op().equals("and") ? AND : OR;
        String joiner = boolOp.op().equals("and") ? " && " : " || ";
        return new CelValue(values.stream().map(value -> value.at(level)).collect(Collectors.joining(joiner)), PyType.BOOL, level);
    }

    /** {@code a < b < c} is {@code a < b and b < c}. */
    private CelValue compare(PyExpr.Compare compare) {
        if (compare.ops().size() == 1 && compare.ops().get(0).startsWith("is") && compare.rights().get(0) instanceof PyExpr.None
                && isReCall(compare.left())) {
            // re.search(...) is not None: whether it matched
            CelValue matched = translate(compare.left());
            return compare.ops().get(0).equals("is not") ? matched : new CelValue("!" + matched.at(UNARY), PyType.BOOL, UNARY);
        }
        if (isReCall(compare.left()) || compare.rights().stream().anyMatch(this::isReCall)) {
            throw new Untranslatable("a match object compared other than with 'is None' / 'is not None' is not translated");
        }
        List<CelValue> parts = new ArrayList<>();
        CelValue left = translate(compare.left());
        for (int i = 0; i < compare.ops().size(); i++) {
            CelValue right = translate(compare.rights().get(i));
            parts.add(comparison(left, compare.ops().get(i), right));
            left = right;
        }
        if (parts.size() == 1) {
            return parts.get(0);
        }
        return new CelValue(parts.stream().map(part -> part.at(AND)).collect(Collectors.joining(" && ")), PyType.BOOL, AND);
    }

    private CelValue comparison(CelValue left, String op, CelValue right) {
        switch (op) {
            case "is", "is not" -> throw new Untranslatable("'" + op + "' is not translated");
            case "in", "not in" -> {
                CelValue contained = containment(left, right);
                return op.equals("in") ? contained : new CelValue("!" + contained.at(UNARY), PyType.BOOL, UNARY);
            }
            case "==", "!=" -> {
                if (left.type() == right.type()) {
                    return relation(left, op, right);
                }
                if (left.type().isNumber() && right.type().isNumber()) {
                    return relation(asDouble(left), op, asDouble(right));
                }
                if (left.type() == PyType.BOOL && right.type().isNumber() || right.type() == PyType.BOOL && left.type().isNumber()) {
                    throw new Untranslatable("comparing a bool with a number is not translated");
                }
                // values of different types are never equal in Python
                return new CelValue(op.equals("==") ? "false" : "true", PyType.BOOL, PRIMARY);
            }
            default -> {
                if (!left.type().isNumber() || !right.type().isNumber()) {
                    throw new Untranslatable("ordering " + left.type() + " and " + right.type() + " with " + op
                            + " is not translated (only numbers are)");
                }
                boolean isFloat = left.type() == PyType.FLOAT || right.type() == PyType.FLOAT;
                return relation(isFloat ? asDouble(left) : left, op, isFloat ? asDouble(right) : right);
            }
        }
    }

    private static CelValue relation(CelValue left, String op, CelValue right) {
        return new CelValue(left.at(RELATION + 1) + " " + op + " " + right.at(RELATION + 1), PyType.BOOL, RELATION);
    }

    private static CelValue containment(CelValue item, CelValue container) {
        if (item.type() == PyType.STR && container.type() == PyType.STR) {
            return new CelValue(container.at(PRIMARY) + ".contains(" + item.text() + ")", PyType.BOOL, PRIMARY);
        }
        if (container.type().isList() && container.type().element() == item.type()) {
            return new CelValue(item.at(RELATION + 1) + " in " + container.at(RELATION + 1), PyType.BOOL, RELATION);
        }
        throw new Untranslatable("'" + item.type() + " in " + container.type() + "' is not translated");
    }

    private CelValue conditional(PyExpr.IfExp ifExp) {
        CelValue condition = truthy(translate(ifExp.test()));
        CelValue body = translate(ifExp.body());
        CelValue orElse = translate(ifExp.orElse());
        if (body.type() != orElse.type()) {
            throw new Untranslatable("a conditional expression giving a " + body.type() + " or a " + orElse.type()
                    + " is not translated");
        }
        return new CelValue(condition.at(OR) + " ? " + body.at(OR) + " : " + orElse.at(CONDITIONAL), body.type(), CONDITIONAL);
    }

    /** {@code bool(x)}: empty strings and lists, zero, are false. */
    private static CelValue truthy(CelValue value) {
        return switch (value.type()) {
            case BOOL -> value;
            case INT -> new CelValue(value.at(RELATION + 1) + " != 0", PyType.BOOL, RELATION);
            case FLOAT -> new CelValue(value.at(RELATION + 1) + " != 0.0", PyType.BOOL, RELATION);
            default -> new CelValue("size(" + value.text() + ") > 0", PyType.BOOL, RELATION);
        };
    }

    /** {@code re.search(…)}, {@code re.match(…)} or {@code re.fullmatch(…)}, with {@code re} the module (not a parameter). */
    private boolean isReCall(PyExpr expr) {
        return expr instanceof PyExpr.Call call && call.function() instanceof PyExpr.Attribute method
                && method.value() instanceof PyExpr.Name module && module.id().equals("re") && !scope.containsKey("re")
                && Set.of("search", "match", "fullmatch").contains(method.name());
    }

    /**
     * {@code re.search(pattern, text)} with a literal pattern, as whether it matched (a match object
     * is truthy, None falsy): CEL's {@code matches} searches with RE2, the pattern rewritten for it;
     * {@code match} anchors at the start, {@code fullmatch} at both ends.
     */
    private CelValue reCall(PyExpr.Call call) {
        String function = ((PyExpr.Attribute) call.function()).name();
        if (call.args().size() != 2 || !(call.args().get(0) instanceof PyExpr.Str pattern)) {
            throw new Untranslatable("re." + function + "() is translated only with a literal pattern and a text (no flags)");
        }
        CelValue text = translate(call.args().get(1));
        if (text.type() != PyType.STR) {
            throw new Untranslatable("re." + function + "() of a " + text.type() + " (Python raises TypeError)");
        }
        String re2 = new RegexTranslation(pattern.value(), PythonRegex.Target.RE2, Set.of(), false).toRe2();
        String anchored = switch (function) {
            case "match" -> "\\A(?:" + re2 + ")";
            case "fullmatch" -> "\\A(?:" + re2 + ")\\z";
            default -> re2;
        };
        String expression = text.at(PRIMARY) + ".matches(" + CelText.pattern(anchored) + ")";
        try {
            TraitExpressions.compile("''.matches(" + CelText.pattern(anchored) + ")", Set.of()).evaluate("", null, Map.of());
        } catch (ExpressionException e) {
            throw new Untranslatable("pattern " + PythonRegex.quoted(pattern.value()) + " has no RE2 form (" + e.getMessage() + ")");
        }
        return new CelValue(expression, PyType.BOOL, PRIMARY);
    }

    private CelValue call(PyExpr.Call call) {
        if (isReCall(call)) {
            return reCall(call);
        }
        if (call.function() instanceof PyExpr.Attribute method) {
            return StringMethods.call(translate(method.value()), method.name(), call.args(), this::translate);
        }
        if (!(call.function() instanceof PyExpr.Name function)) {
            throw new Untranslatable("calls something other than a named function or a method (not translated)");
        }
        String name = function.id();
        if (scope.containsKey(name)) {
            throw new Untranslatable("calls its argument " + name + " (not translated)");
        }
        List<PyExpr> args = call.args().stream().map(arg -> LambdaReader.quantified(call, arg)).toList();
        if ((name.equals("all") || name.equals("any")) && args.size() == 1 && args.get(0) instanceof PyExpr.Comprehension generator) {
            return quantifier(name, generator);
        }
        if (name.equals("min") || name.equals("max")) {
            return minMax(name, args);
        }
        if (args.size() != 1 || !Set.of("int", "float", "str", "len", "abs", "bool").contains(name)) {
            throw new Untranslatable("calls " + name + "() with " + args.size() + " argument(s), which has no translation");
        }
        CelValue arg = translate(args.get(0));
        return switch (name) {
            case "int" -> switch (arg.type()) {
                case INT -> arg;
                case FLOAT -> new CelValue("int(" + arg.text() + ")", PyType.INT, PRIMARY);
                case STR -> new CelValue("int(" + numberText(arg) + ")", PyType.INT, PRIMARY);
                default -> throw new Untranslatable("int() of a " + arg.type() + " is not translated");
            };
            case "float" -> switch (arg.type()) {
                case FLOAT -> arg;
                case INT -> asDouble(arg);
                case STR -> new CelValue("double(" + numberText(arg) + ")", PyType.FLOAT, PRIMARY);
                default -> throw new Untranslatable("float() of a " + arg.type() + " is not translated");
            };
            case "str" -> switch (arg.type()) {
                case STR -> arg;
                case INT -> new CelValue("string(" + arg.text() + ")", PyType.STR, PRIMARY, true);
                case BOOL -> new CelValue(arg.at(OR) + " ? 'True' : 'False'", PyType.STR, CONDITIONAL, true);
                default -> throw new Untranslatable("str() of a " + arg.type() + " (Python's repr of it) is not translated");
            };
            case "len" -> {
                if (arg.type() != PyType.STR && !arg.type().isList()) {
                    throw new Untranslatable("len() of a " + arg.type() + " (Python raises TypeError)");
                }
                yield new CelValue("size(" + arg.text() + ")", PyType.INT, PRIMARY);
            }
            case "abs" -> {
                if (!arg.type().isNumber()) {
                    throw new Untranslatable("abs() of a " + arg.type() + " is not translated");
                }
                String zero = arg.type() == PyType.INT ? "0" : "0.0";
                String negated = arg.at(UNARY).startsWith("-") ? "-(" + arg.text() + ")" : "-" + arg.at(UNARY);
                yield new CelValue(arg.at(RELATION + 1) + " < " + zero + " ? " + negated + " : " + arg.at(CONDITIONAL), arg.type(),
                        CONDITIONAL);
            }
            default -> truthy(arg); // bool
        };
    }

    /** The text {@code int()} / {@code float()} parse: Python strips surrounding white space first. */
    private static String numberText(CelValue text) {
        return text.stripped() ? text.text() : text.at(PRIMARY) + ".trim()";
    }

    /** {@code min(a, b)} is a unless b is smaller, {@code max(a, b)} a unless b is larger. */
    private CelValue minMax(String name, List<PyExpr> args) {
        if (args.size() != 2) {
            throw new Untranslatable(name + "() is translated only with two arguments");
        }
        CelValue a = translate(args.get(0));
        CelValue b = translate(args.get(1));
        if (!a.type().isNumber() || a.type() != b.type()) {
            throw new Untranslatable(name + "() of a " + a.type() + " and a " + b.type() + " is not translated");
        }
        String op = name.equals("min") ? " < " : " > ";
        return new CelValue(b.at(RELATION + 1) + op + a.at(RELATION + 1) + " ? " + b.at(OR) + " : " + a.at(CONDITIONAL),
                a.type(), CONDITIONAL);
    }

    private CelValue quantifier(String name, PyExpr.Comprehension generator) {
        // LambdaReader lets through only a generator with one clause over one name
        PyExpr.For clause = generator.clauses().get(0);
        CelValue iterable = translate(clause.iterable());
        if (!iterable.type().isList()) {
            throw new Untranslatable(name + "() over a " + iterable.type() + " is not translated");
        }
        String variable = ((PyExpr.Name) clause.target()).id();
        if (!CelText.isIdentifier(variable) || celNames.contains(variable)) {
            throw new Untranslatable("the generator variable " + variable + " cannot be a CEL variable here");
        }
        Map<String, PyBinding> inner = new HashMap<>(scope);
        inner.put(variable, PyBinding.of(new CelValue(variable, iterable.type().element(), PRIMARY)));
        Set<String> names = new LinkedHashSet<>(celNames);
        names.add(variable);
        CelValue element = truthy(new LambdaToCel(inner, names).translate(generator.element()));
        String macro = name.equals("all") ? "all" : "exists";
        return new CelValue(iterable.at(PRIMARY) + "." + macro + "(" + variable + ", " + element.text() + ")", PyType.BOOL, PRIMARY);
    }

    /** {@code s[i]} and {@code xs[i]} for a constant i; a negative one counts from the end. */
    private CelValue subscript(PyExpr.Subscript subscript) {
        if (subscript.index() instanceof PyExpr.Slice) {
            throw new Untranslatable("slices are not translated");
        }
        CelValue value = translate(subscript.value());
        CelValue index = translate(subscript.index());
        if (!(subscript.index() instanceof PyExpr.Int) && !(subscript.index() instanceof PyExpr.Unary unary
                && unary.operand() instanceof PyExpr.Int)) {
            throw new Untranslatable("a subscript is translated only with a constant index");
        }
        long i = Long.parseLong(index.text());
        String position = i >= 0 ? index.text() : "size(" + value.text() + ") - " + (-i);
        if (value.type() == PyType.STR) {
            return new CelValue(value.at(PRIMARY) + ".charAt(" + position + ")", PyType.STR, PRIMARY);
        }
        if (value.type().isList()) {
            return new CelValue(value.at(PRIMARY) + "[" + position + "]", value.type().element(), PRIMARY);
        }
        throw new Untranslatable("subscripting a " + value.type() + " is not translated");
    }
}
