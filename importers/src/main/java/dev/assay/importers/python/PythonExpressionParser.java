package dev.assay.importers.python;

import dev.assay.importers.python.UnsupportedSyntaxException.Construct;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * A recursive-descent parser for Python's expression grammar, with Python's precedence from
 * {@code lambda} and {@code if}/{@code else} down to calls, attributes and subscripts. It builds a
 * {@link PyExpr} for everything either importer reads; what neither reads (f-strings, bytes,
 * starred arguments, unpacking, complex numbers, dict comprehensions, yield/await) is an
 * {@link UnsupportedSyntaxException}, and what is not Python a {@link PythonSyntaxException}, both
 * with the token's line and column.
 */
public final class PythonExpressionParser {

    private static final Set<String> COMPARISONS = Set.of("<", ">", "==", ">=", "<=", "!=");
    private static final Set<String> UNSUPPORTED_KEYWORDS = Set.of("yield", "await", "async");
    /** Keywords that cannot start an operand: met there, the expression is not Python. */
    private static final Set<String> KEYWORDS = Set.of("and", "or", "not", "in", "is", "if", "else", "for", "lambda",
            "def", "class", "return", "del", "pass", "import", "from", "as", "while", "with", "try", "except", "finally",
            "raise", "global", "nonlocal", "assert", "break", "continue", "elif");
    // Binary operators from loosest to tightest: | ^ & shifts, + -, * / // % @
    private static final List<Set<String>> BINARY_LEVELS = List.of(
            Set.of("|"), Set.of("^"), Set.of("&"), Set.of("<<", ">>"), Set.of("+", "-"), Set.of("*", "/", "//", "%", "@"));

    private final List<Token> tokens;
    private int pos;

    private PythonExpressionParser(List<Token> tokens) {
        this.tokens = tokens;
    }

    /** The one expression {@code tokens} spell, all of them ({@code a, b} is not one expression). */
    public static PyExpr expression(List<Token> tokens) {
        PythonExpressionParser parser = new PythonExpressionParser(tokens);
        PyExpr expr = parser.test();
        parser.expectEnd();
        return expr;
    }

    /** The one expression {@code source} holds. */
    public static PyExpr expression(String source) {
        return expression(PythonTokenizer.expression(source));
    }

    /**
     * What the tokens of a statement part spell, all of them: {@code a, b} is a tuple there, as in
     * {@code return a, b} or {@code class C(A, B)}.
     *
     * @param line for the message when {@code tokens} is empty
     */
    public static PyExpr expressionList(List<Token> tokens, int line) {
        if (tokens.isEmpty()) {
            throw new PythonSyntaxException(line, "an expression is missing");
        }
        PythonExpressionParser parser = new PythonExpressionParser(tokens);
        PyExpr first = parser.test();
        if (!parser.atOp(",")) {
            parser.expectEnd();
            return first;
        }
        List<PyExpr> items = new ArrayList<>(List.of(first));
        while (parser.acceptOp(",") && parser.pos < tokens.size()) {
            items.add(parser.test());
        }
        parser.expectEnd();
        return new PyExpr.TupleLit(items);
    }

    /** test: lambda | or_test ['if' or_test 'else' test] */
    private PyExpr test() {
        if (acceptName("lambda")) {
            return lambda();
        }
        PyExpr body = or();
        if (acceptName("if")) {
            PyExpr condition = or();
            expectName("else");
            return new PyExpr.IfExp(condition, body, test());
        }
        return body;
    }

    private PyExpr lambda() {
        List<PyExpr.Parameter> parameters = new ArrayList<>();
        while (!atOp(":")) {
            String stars = atOp("*") || atOp("**") ? tokens.get(pos++).text() : "";
            String name = "";
            if (!(stars.equals("*") && (atOp(",") || atOp(":")))) {
                name = parameterName();
            }
            PyExpr defaultValue = stars.isEmpty() && acceptOp("=") ? test() : null;
            parameters.add(new PyExpr.Parameter(name, stars, defaultValue));
            if (!acceptOp(",")) {
                break;
            }
        }
        expectOp(":");
        return new PyExpr.Lambda(parameters, test());
    }

    private String parameterName() {
        Token token = current();
        if (token == null || token.kind() != Token.Kind.NAME || KEYWORDS.contains(token.text())) {
            throw token == null ? atEnd("expected a parameter name") : PythonSyntaxException.at(token, "expected a parameter name");
        }
        pos++;
        return token.text();
    }

    private PyExpr or() {
        return boolOp("or", this::and);
    }

    private PyExpr and() {
        return boolOp("and", this::not);
    }

    /** {@code a op b op c} as one {@link PyExpr.BoolOp}, its operands read by {@code operand}. */
    private PyExpr boolOp(String op, Supplier<PyExpr> operand) {
        PyExpr first = operand.get();
        if (!atName(op)) {
            return first;
        }
        List<PyExpr> values = new ArrayList<>(List.of(first));
        while (acceptName(op)) {
            values.add(operand.get());
        }
        return new PyExpr.BoolOp(op, values);
    }

    private PyExpr not() {
        if (acceptName("not")) {
            return new PyExpr.Unary("not", not());
        }
        return comparison();
    }

    private PyExpr comparison() {
        PyExpr left = binary(0);
        List<String> ops = new ArrayList<>();
        List<PyExpr> rights = new ArrayList<>();
        while (pos < tokens.size()) {
            Token token = tokens.get(pos);
            String op;
            if (token.kind() == Token.Kind.OP && COMPARISONS.contains(token.text())) {
                op = token.text();
                pos++;
            } else if (token.isName("in")) {
                op = "in";
                pos++;
            } else if (token.isName("not") && pos + 1 < tokens.size() && tokens.get(pos + 1).isName("in")) {
                op = "not in";
                pos += 2;
            } else if (token.isName("is")) {
                pos++;
                op = acceptName("not") ? "is not" : "is";
            } else {
                break;
            }
            ops.add(op);
            rights.add(binary(0));
        }
        return ops.isEmpty() ? left : new PyExpr.Compare(left, ops, rights);
    }

    private PyExpr binary(int level) {
        if (level == BINARY_LEVELS.size()) {
            return unary();
        }
        PyExpr left = binary(level + 1);
        while (pos < tokens.size() && tokens.get(pos).kind() == Token.Kind.OP && BINARY_LEVELS.get(level).contains(tokens.get(pos).text())) {
            String op = tokens.get(pos++).text();
            left = new PyExpr.BinOp(left, op, binary(level + 1));
        }
        return left;
    }

    private PyExpr unary() {
        if (atOp("-") || atOp("+") || atOp("~")) {
            String op = tokens.get(pos++).text();
            return new PyExpr.Unary(op, unary());
        }
        PyExpr base = primary();
        if (acceptOp("**")) {
            return new PyExpr.BinOp(base, "**", unary());
        }
        return base;
    }

    private PyExpr primary() {
        PyExpr value = atom();
        while (pos < tokens.size()) {
            if (acceptOp(".")) {
                value = new PyExpr.Attribute(value, attributeName());
            } else if (acceptOp("(")) {
                value = call(value);
            } else if (acceptOp("[")) {
                PyExpr index = subscript();
                expectOp("]");
                value = new PyExpr.Subscript(value, index);
            } else {
                break;
            }
        }
        return value;
    }

    private String attributeName() {
        Token token = current();
        if (token != null && token.kind() == Token.Kind.NAME) {
            pos++;
            return token.text();
        }
        throw token == null ? atEnd("expected an attribute name") : PythonSyntaxException.at(token, "expected an attribute name");
    }

    private PyExpr call(PyExpr function) {
        List<PyExpr> args = new ArrayList<>();
        Map<String, PyExpr> keywords = new LinkedHashMap<>();
        while (!acceptOp(")")) {
            if (atOp("*") || atOp("**")) {
                throw UnsupportedSyntaxException.at(current(), Construct.STARRED_ARGUMENT, null);
            }
            if (pos + 1 < tokens.size() && tokens.get(pos).kind() == Token.Kind.NAME && tokens.get(pos + 1).isOp("=")) {
                Token name = tokens.get(pos);
                pos += 2;
                if (keywords.put(name.text(), test()) != null) {
                    throw PythonSyntaxException.at(name, "keyword argument '" + name.text() + "' is given twice");
                }
            } else {
                if (!keywords.isEmpty()) {
                    throw PythonSyntaxException.at(current(), "a positional argument follows keyword arguments");
                }
                PyExpr arg = test();
                // f(x for x in xs): the generator needs no parentheses of its own
                args.add(atName("for") ? comprehension(PyExpr.Comprehension.Kind.GENERATOR, arg) : arg);
            }
            if (!acceptOp(",")) {
                expectOp(")");
                break;
            }
        }
        return new PyExpr.Call(function, args, keywords);
    }

    /** The index: one item, a slice, or several (a tuple). */
    private PyExpr subscript() {
        List<PyExpr> items = new ArrayList<>(List.of(sliceOrTest()));
        if (!atOp(",")) {
            return items.get(0);
        }
        while (acceptOp(",")) {
            if (atOp("]")) {
                break;
            }
            items.add(sliceOrTest());
        }
        return new PyExpr.TupleLit(items);
    }

    private PyExpr sliceOrTest() {
        PyExpr lower = atOp(":") ? null : test();
        if (!acceptOp(":")) {
            return lower;
        }
        PyExpr upper = atOp(":") || atOp("]") || atOp(",") ? null : test();
        PyExpr step = null;
        if (acceptOp(":")) {
            step = atOp("]") || atOp(",") ? null : test();
        }
        return new PyExpr.Slice(lower, upper, step);
    }

    /** The {@code for … in … if …} clauses after {@code element}. */
    private PyExpr comprehension(PyExpr.Comprehension.Kind kind, PyExpr element) {
        List<PyExpr.For> clauses = new ArrayList<>();
        while (atName("for") || atName("async")) {
            if (atName("async")) {
                throw UnsupportedSyntaxException.at(current(), Construct.KEYWORD, "async");
            }
            pos++;
            PyExpr target = target();
            expectName("in");
            PyExpr iterable = or();
            List<PyExpr> conditions = new ArrayList<>();
            while (acceptName("if")) {
                conditions.add(or());
            }
            clauses.add(new PyExpr.For(target, iterable, conditions));
        }
        return new PyExpr.Comprehension(kind, element, clauses);
    }

    /** {@code x} or {@code x, y} after {@code for}: operands, not comparisons, so {@code in} ends them. */
    private PyExpr target() {
        PyExpr first = binary(0);
        if (!atOp(",")) {
            return first;
        }
        List<PyExpr> items = new ArrayList<>(List.of(first));
        while (acceptOp(",") && !atName("in")) {
            items.add(binary(0));
        }
        return new PyExpr.TupleLit(items);
    }

    private PyExpr atom() {
        Token token = current();
        if (token == null) {
            throw atEnd("the expression ends too early");
        }
        pos++;
        return switch (token.kind()) {
            case NAME -> name(token);
            case NUMBER -> number(token);
            case STRING, FSTRING -> {
                StringBuilder joined = new StringBuilder(literal(token));
                // adjacent literals are one string in Python, f-strings among them
                while (pos < tokens.size() && (tokens.get(pos).kind() == Token.Kind.STRING || tokens.get(pos).kind() == Token.Kind.FSTRING)) {
                    joined.append(literal(tokens.get(pos++)));
                }
                refuseStringKinds();
                yield new PyExpr.Str(joined.toString());
            }
            case BYTES -> throw UnsupportedSyntaxException.at(token, Construct.BYTES, null);
            case OP -> switch (token.text()) {
                case "(" -> parenthesized();
                case "[" -> list();
                case "{" -> braces();
                case "..." -> new PyExpr.Ellipsis();
                default -> throw PythonSyntaxException.at(token, "unexpected '" + token.text() + "'");
            };
        };
    }

    /**
     * The text of a string token. An f-string without replacement fields is its text with {@code {{}
     * and {@code }}} halved; one with a field (any single brace) is refused.
     */
    private static String literal(Token token) {
        if (token.kind() != Token.Kind.FSTRING) {
            return token.text();
        }
        String text = token.text();
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '{' || c == '}') {
                if (i + 1 >= text.length() || text.charAt(i + 1) != c) {
                    throw UnsupportedSyntaxException.at(token, Construct.F_STRING, null);
                }
                i++;
            }
            out.append(c);
        }
        return out.toString();
    }

    private void refuseStringKinds() {
        Token next = current();
        if (next != null && next.kind() == Token.Kind.BYTES) {
            throw UnsupportedSyntaxException.at(next, Construct.BYTES, null);
        }
    }

    private PyExpr name(Token token) {
        return switch (token.text()) {
            case "True" -> new PyExpr.Bool(true);
            case "False" -> new PyExpr.Bool(false);
            case "None" -> new PyExpr.None();
            default -> {
                if (UNSUPPORTED_KEYWORDS.contains(token.text())) {
                    throw UnsupportedSyntaxException.at(token, Construct.KEYWORD, token.text());
                }
                if (KEYWORDS.contains(token.text())) {
                    throw PythonSyntaxException.at(token, "unexpected keyword '" + token.text() + "'");
                }
                yield new PyExpr.Name(token.text());
            }
        };
    }

    private static PyExpr number(Token token) {
        String text = token.text().replace("_", "");
        String lower = text.toLowerCase(Locale.ROOT);
        if (lower.endsWith("j")) {
            throw UnsupportedSyntaxException.at(token, Construct.COMPLEX_NUMBER, null);
        }
        try {
            if (lower.startsWith("0x")) {
                return new PyExpr.Int(new BigInteger(text.substring(2), 16));
            }
            if (lower.startsWith("0o")) {
                return new PyExpr.Int(new BigInteger(text.substring(2), 8));
            }
            if (lower.startsWith("0b")) {
                return new PyExpr.Int(new BigInteger(text.substring(2), 2));
            }
            if (lower.contains(".") || lower.contains("e")) {
                return new PyExpr.Float(new BigDecimal(text.endsWith(".") ? text + "0" : text.startsWith(".") ? "0" + text : text));
            }
            return new PyExpr.Int(new BigInteger(text));
        } catch (NumberFormatException e) {
            // "1_" or "0x_" pass the tokenizer's pattern but are no number
            throw PythonSyntaxException.at(token, "unreadable number " + token.text());
        }
    }

    private PyExpr parenthesized() {
        if (acceptOp(")")) {
            return new PyExpr.TupleLit(List.of());
        }
        PyExpr first = test();
        if (atName("for")) {
            PyExpr generator = comprehension(PyExpr.Comprehension.Kind.GENERATOR, first);
            expectOp(")");
            return generator;
        }
        if (acceptOp(")")) {
            return first;
        }
        List<PyExpr> items = new ArrayList<>(List.of(first));
        while (acceptOp(",")) {
            if (atOp(")")) {
                break;
            }
            items.add(test());
        }
        expectOp(")");
        return new PyExpr.TupleLit(items);
    }

    private PyExpr list() {
        if (acceptOp("]")) {
            return new PyExpr.ListLit(List.of());
        }
        PyExpr first = item();
        if (atName("for")) {
            PyExpr comprehension = comprehension(PyExpr.Comprehension.Kind.LIST, first);
            expectOp("]");
            return comprehension;
        }
        return new PyExpr.ListLit(itemsAfter(first, "]"));
    }

    /** An item of a display: {@code *x} is unpacking, which no importer reads. */
    private PyExpr item() {
        if (atOp("*")) {
            throw UnsupportedSyntaxException.at(current(), Construct.UNPACKING, "*");
        }
        return test();
    }

    /** The rest of a display's items after {@code first}, through {@code close}. */
    private List<PyExpr> itemsAfter(PyExpr first, String close) {
        List<PyExpr> items = new ArrayList<>(List.of(first));
        while (acceptOp(",")) {
            if (atOp(close)) {
                break;
            }
            items.add(item());
        }
        expectOp(close);
        return items;
    }

    private PyExpr braces() {
        if (acceptOp("}")) {
            return new PyExpr.DictLit(List.of(), List.of());
        }
        refuseDoubleStar();
        PyExpr first = item();
        if (atName("for")) {
            PyExpr comprehension = comprehension(PyExpr.Comprehension.Kind.SET, first);
            expectOp("}");
            return comprehension;
        }
        if (!atOp(":")) {
            return new PyExpr.SetLit(itemsAfter(first, "}"));
        }
        List<PyExpr> keys = new ArrayList<>();
        List<PyExpr> values = new ArrayList<>();
        PyExpr key = first;
        while (true) {
            expectOp(":");
            keys.add(key);
            values.add(test());
            if (atName("for")) {
                throw UnsupportedSyntaxException.at(current(), Construct.DICT_COMPREHENSION, null);
            }
            if (!acceptOp(",") || atOp("}")) {
                expectOp("}");
                break;
            }
            refuseDoubleStar();
            key = test();
        }
        return new PyExpr.DictLit(keys, values);
    }

    private void refuseDoubleStar() {
        if (atOp("**")) {
            throw UnsupportedSyntaxException.at(current(), Construct.UNPACKING, "**");
        }
    }

    private Token current() {
        return pos < tokens.size() ? tokens.get(pos) : null;
    }

    private boolean atOp(String op) {
        return pos < tokens.size() && tokens.get(pos).isOp(op);
    }

    private boolean atName(String name) {
        return pos < tokens.size() && tokens.get(pos).isName(name);
    }

    private boolean acceptOp(String op) {
        if (atOp(op)) {
            pos++;
            return true;
        }
        return false;
    }

    private boolean acceptName(String name) {
        if (atName(name)) {
            pos++;
            return true;
        }
        return false;
    }

    private void expectOp(String op) {
        if (!acceptOp(op)) {
            throw expected(op);
        }
    }

    private void expectName(String name) {
        if (!acceptName(name)) {
            throw expected(name);
        }
    }

    private PythonSyntaxException expected(String what) {
        Token token = current();
        return token == null ? atEnd("expected '" + what + "'") : PythonSyntaxException.at(token, "expected '" + what + "'");
    }

    private void expectEnd() {
        Token token = current();
        if (token != null) {
            throw PythonSyntaxException.at(token, "unexpected '" + token.text() + "'");
        }
    }

    /** A problem met where the tokens ran out: placed just after the last one. */
    private PythonSyntaxException atEnd(String problem) {
        if (tokens.isEmpty()) {
            return new PythonSyntaxException(1, 1, 0, null, problem);
        }
        Token last = tokens.get(tokens.size() - 1);
        return new PythonSyntaxException(last.line(), last.column() + (last.end() - last.start()), last.end(), null, problem);
    }
}
