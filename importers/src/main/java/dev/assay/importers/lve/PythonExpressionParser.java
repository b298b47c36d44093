package dev.assay.importers.lve;

import dev.assay.importers.lve.PythonLexer.Kind;
import dev.assay.importers.lve.PythonLexer.Token;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * A recursive-descent parser for the expression part of Python's grammar (precedence from
 * {@code lambda} and {@code if}/{@code else} down to calls, attributes and subscripts). What it
 * cannot represent (dict and set displays, keyword arguments, starred arguments, comprehension
 * filters) is refused with the reason; what it represents may still be refused by the translator.
 */
final class PythonExpressionParser {

    private static final Set<String> COMPARISONS = Set.of("<", "<=", ">", ">=", "==", "!=");
    private static final Set<String> BITWISE = Set.of("|", "^", "&", "<<", ">>");

    private final List<Token> tokens;
    private int index;

    private PythonExpressionParser(List<Token> tokens) {
        this.tokens = tokens;
    }

    /** The lambda {@code source} defines (parentheses around it allowed). */
    static PyExpr.Lambda lambda(String source) {
        PythonExpressionParser parser = new PythonExpressionParser(PythonLexer.tokens(source.strip()));
        PyExpr expression = parser.test();
        parser.expectEnd();
        if (!(expression instanceof PyExpr.Lambda lambda)) {
            throw new Untranslatable("is not a lambda expression");
        }
        return lambda;
    }

    /** Any expression (for tests and callers that bind names themselves). */
    static PyExpr expression(String source) {
        PythonExpressionParser parser = new PythonExpressionParser(PythonLexer.tokens(source.strip()));
        PyExpr expression = parser.test();
        parser.expectEnd();
        return expression;
    }

    private Token peek() {
        return tokens.get(index);
    }

    private Token advance() {
        return tokens.get(index++);
    }

    private boolean accept(String op) {
        if (peek().is(op)) {
            index++;
            return true;
        }
        return false;
    }

    private void expect(String op) {
        if (!accept(op)) {
            throw error("expected '" + op + "'");
        }
    }

    private void expectEnd() {
        if (peek().kind() != Kind.END) {
            throw error("unexpected '" + peek().text() + "'");
        }
    }

    private Untranslatable error(String what) {
        Token token = peek();
        String at = token.kind() == Kind.END ? "at the end" : "at '" + token.text() + "' (position " + token.position() + ")";
        return new Untranslatable("cannot parse the lambda " + at + ": " + what);
    }

    /** test: lambda | or_test ['if' or_test 'else' test] */
    private PyExpr test() {
        if (accept("lambda")) {
            return lambdaRest();
        }
        PyExpr body = orTest();
        if (accept("if")) {
            PyExpr condition = orTest();
            expect("else");
            return new PyExpr.IfExp(condition, body, test());
        }
        return body;
    }

    private PyExpr lambdaRest() {
        List<String> parameters = new ArrayList<>();
        while (!peek().is(":")) {
            Token name = advance();
            if (name.kind() != Kind.NAME || name.text().equals("lambda")) {
                throw new Untranslatable("the lambda's parameter list has '" + name.text()
                        + "' (only plain names are translated, no defaults, *args or **kwargs)");
            }
            if (peek().is("=")) {
                throw new Untranslatable("the lambda's parameter " + name.text() + " has a default value (not translated)");
            }
            if (parameters.contains(name.text())) {
                throw new Untranslatable("the lambda names parameter " + name.text() + " twice (Python's syntax error)");
            }
            parameters.add(name.text());
            if (!accept(",")) {
                break;
            }
        }
        expect(":");
        return new PyExpr.Lambda(List.copyOf(parameters), test());
    }

    private PyExpr orTest() {
        PyExpr first = andTest();
        if (!peek().is("or")) {
            return first;
        }
        List<PyExpr> values = new ArrayList<>(List.of(first));
        while (accept("or")) {
            values.add(andTest());
        }
        return new PyExpr.BoolOp("or", values);
    }

    private PyExpr andTest() {
        PyExpr first = notTest();
        if (!peek().is("and")) {
            return first;
        }
        List<PyExpr> values = new ArrayList<>(List.of(first));
        while (accept("and")) {
            values.add(notTest());
        }
        return new PyExpr.BoolOp("and", values);
    }

    private PyExpr notTest() {
        if (accept("not")) {
            return new PyExpr.Unary("not", notTest());
        }
        return comparison();
    }

    private PyExpr comparison() {
        PyExpr left = bitwise();
        List<String> ops = new ArrayList<>();
        List<PyExpr> comparators = new ArrayList<>();
        while (true) {
            String op = comparisonOperator();
            if (op == null) {
                break;
            }
            ops.add(op);
            comparators.add(bitwise());
        }
        return ops.isEmpty() ? left : new PyExpr.Compare(left, List.copyOf(ops), List.copyOf(comparators));
    }

    private String comparisonOperator() {
        Token token = peek();
        if (token.kind() == Kind.OP && COMPARISONS.contains(token.text())) {
            index++;
            return token.text();
        }
        if (token.is("in")) {
            index++;
            return "in";
        }
        if (token.is("not") && tokens.get(index + 1).is("in")) {
            index += 2;
            return "not in";
        }
        if (token.is("is")) {
            index++;
            return accept("not") ? "is not" : "is";
        }
        return null;
    }

    /** The bitwise operators bind tighter than comparisons; they are kept so the translator can name them. */
    private PyExpr bitwise() {
        PyExpr left = arithmetic();
        while (peek().kind() == Kind.OP && BITWISE.contains(peek().text())) {
            String op = advance().text();
            left = new PyExpr.Binary(op, left, arithmetic());
        }
        return left;
    }

    private PyExpr arithmetic() {
        PyExpr left = term();
        while (peek().is("+") || peek().is("-")) {
            String op = advance().text();
            left = new PyExpr.Binary(op, left, term());
        }
        return left;
    }

    private PyExpr term() {
        PyExpr left = factor();
        while (peek().is("*") || peek().is("/") || peek().is("//") || peek().is("%") || peek().is("@")) {
            String op = advance().text();
            left = new PyExpr.Binary(op, left, factor());
        }
        return left;
    }

    private PyExpr factor() {
        if (peek().is("-") || peek().is("+") || peek().is("~")) {
            String op = advance().text();
            return new PyExpr.Unary(op, factor());
        }
        return power();
    }

    private PyExpr power() {
        PyExpr base = primary();
        if (accept("**")) {
            return new PyExpr.Binary("**", base, factor());
        }
        return base;
    }

    private PyExpr primary() {
        PyExpr value = atom();
        while (true) {
            if (accept("(")) {
                value = new PyExpr.Call(value, arguments());
            } else if (accept("[")) {
                value = new PyExpr.Subscript(value, subscript());
                expect("]");
            } else if (accept(".")) {
                Token name = advance();
                if (name.kind() != Kind.NAME) {
                    throw error("expected an attribute name");
                }
                value = new PyExpr.Attribute(value, name.text());
            } else {
                return value;
            }
        }
    }

    private List<PyExpr> arguments() {
        List<PyExpr> args = new ArrayList<>();
        while (!accept(")")) {
            if (peek().is("*") || peek().is("**")) {
                throw new Untranslatable("a call with *args or **kwargs is not translated");
            }
            if (peek().kind() == Kind.NAME && tokens.get(index + 1).is("=")) {
                throw new Untranslatable("a call with keyword argument " + peek().text() + "= is not translated");
            }
            PyExpr arg = test();
            if (peek().is("for")) {
                arg = generator(arg);
            }
            args.add(arg);
            if (!accept(",")) {
                expect(")");
                break;
            }
        }
        return List.copyOf(args);
    }

    private PyExpr generator(PyExpr element) {
        expect("for");
        Token variable = advance();
        if (variable.kind() != Kind.NAME || !tokens.get(index).is("in")) {
            throw new Untranslatable("a comprehension over more than one name is not translated");
        }
        expect("in");
        PyExpr iterable = orTest();
        if (peek().is("if") || peek().is("for")) {
            throw new Untranslatable("a comprehension with '" + peek().text() + "' clauses is not translated");
        }
        return new PyExpr.Generator(element, variable.text(), iterable);
    }

    private PyExpr subscript() {
        PyExpr lower = peek().is(":") ? null : test();
        if (!accept(":")) {
            if (peek().is(",")) {
                throw new Untranslatable("a subscript with several indices is not translated");
            }
            return lower;
        }
        PyExpr upper = peek().is(":") || peek().is("]") ? null : test();
        PyExpr step = null;
        if (accept(":")) {
            step = peek().is("]") ? null : test();
        }
        return new PyExpr.Slice(lower, upper, step);
    }

    private PyExpr atom() {
        Token token = advance();
        switch (token.kind()) {
            case INT -> {
                return new PyExpr.IntConstant((java.math.BigInteger) token.value());
            }
            case FLOAT -> {
                return new PyExpr.FloatConstant((Double) token.value());
            }
            case STRING -> {
                StringBuilder text = new StringBuilder((String) token.value());
                while (peek().kind() == Kind.STRING) {
                    text.append((String) advance().value()); // adjacent literals concatenate
                }
                return new PyExpr.StrConstant(text.toString());
            }
            case NAME -> {
                return switch (token.text()) {
                    case "True" -> new PyExpr.BoolConstant(true);
                    case "False" -> new PyExpr.BoolConstant(false);
                    case "None" -> new PyExpr.NoneConstant();
                    case "and", "or", "not", "in", "is", "if", "else", "for", "lambda", "await", "yield" -> {
                        index--;
                        throw error("unexpected keyword '" + token.text() + "'");
                    }
                    default -> new PyExpr.Name(token.text());
                };
            }
            case OP -> {
                return switch (token.text()) {
                    case "(" -> parenthesized();
                    case "[" -> list();
                    case "{" -> throw new Untranslatable("dict and set displays are not translated");
                    default -> {
                        index--;
                        throw error("unexpected '" + token.text() + "'");
                    }
                };
            }
            default -> {
                index--;
                throw error("the expression ends too early");
            }
        }
    }

    private PyExpr parenthesized() {
        if (accept(")")) {
            return new PyExpr.Sequence(List.of(), true);
        }
        PyExpr first = test();
        if (peek().is("for")) {
            PyExpr generator = generator(first);
            expect(")");
            return generator;
        }
        if (accept(")")) {
            return first;
        }
        List<PyExpr> items = new ArrayList<>(List.of(first));
        while (accept(",")) {
            if (peek().is(")")) {
                break;
            }
            items.add(test());
        }
        expect(")");
        return new PyExpr.Sequence(List.copyOf(items), true);
    }

    private PyExpr list() {
        List<PyExpr> items = new ArrayList<>();
        while (!accept("]")) {
            PyExpr item = test();
            if (peek().is("for")) {
                throw new Untranslatable("list comprehensions are not translated");
            }
            items.add(item);
            if (!accept(",")) {
                expect("]");
                break;
            }
        }
        return new PyExpr.Sequence(List.copyOf(items), false);
    }
}
