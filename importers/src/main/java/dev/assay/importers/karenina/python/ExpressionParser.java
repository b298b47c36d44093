package dev.assay.importers.karenina.python;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Parses the tokens of one expression into a {@link PyExpr}, with Python's operator precedence.
 * Constructs templates have no business with (lambdas, comprehensions, conditional expressions,
 * starred arguments, slices, f-strings) are refused with the line, never guessed at.
 */
public final class ExpressionParser {

    private static final Set<String> COMPARISONS = Set.of("<", ">", "==", ">=", "<=", "!=");
    private static final Set<String> REFUSED_KEYWORDS = Set.of("lambda", "yield", "await", "for", "if", "else", "async");

    private final List<Token> tokens;
    private final int line;
    private int pos;

    private ExpressionParser(List<Token> tokens, int line) {
        this.tokens = tokens;
        this.line = line;
    }

    /** The expression the tokens spell, all of them; {@code line} is for messages when the list is empty. */
    public static PyExpr parse(List<Token> tokens, int line) {
        if (tokens.isEmpty()) {
            throw new PythonSyntaxException(line, "an expression is missing");
        }
        ExpressionParser parser = new ExpressionParser(tokens, tokens.get(0).line());
        PyExpr expr = parser.tupleOrExpression();
        if (parser.pos < tokens.size()) {
            throw parser.unexpected();
        }
        return expr;
    }

    /** {@code a, b} at the top of a statement is a tuple. */
    private PyExpr tupleOrExpression() {
        PyExpr first = expression();
        if (!atOp(",")) {
            return first;
        }
        List<PyExpr> items = new ArrayList<>(List.of(first));
        while (acceptOp(",")) {
            if (pos >= tokens.size()) {
                break;
            }
            items.add(expression());
        }
        return new PyExpr.TupleLit(items);
    }

    private PyExpr expression() {
        PyExpr value = or();
        if (pos < tokens.size() && tokens.get(pos).isName("if")) {
            throw refused("a conditional expression (x if c else y)");
        }
        return value;
    }

    private PyExpr or() {
        PyExpr first = and();
        if (!atName("or")) {
            return first;
        }
        List<PyExpr> values = new ArrayList<>(List.of(first));
        while (acceptName("or")) {
            values.add(and());
        }
        return new PyExpr.BoolOp("or", values);
    }

    private PyExpr and() {
        PyExpr first = not();
        if (!atName("and")) {
            return first;
        }
        List<PyExpr> values = new ArrayList<>(List.of(first));
        while (acceptName("and")) {
            values.add(not());
        }
        return new PyExpr.BoolOp("and", values);
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

    // Binary operators from loosest to tightest: | ^ & shifts, + -, * / // % @
    private static final List<Set<String>> BINARY_LEVELS = List.of(
            Set.of("|"), Set.of("^"), Set.of("&"), Set.of("<<", ">>"), Set.of("+", "-"), Set.of("*", "/", "//", "%", "@"));

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
                value = new PyExpr.Attribute(value, expectName());
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

    private PyExpr call(PyExpr function) {
        List<PyExpr> args = new ArrayList<>();
        Map<String, PyExpr> keywords = new LinkedHashMap<>();
        while (!acceptOp(")")) {
            if (atOp("*") || atOp("**")) {
                throw refused("a starred argument");
            }
            if (pos + 1 < tokens.size() && tokens.get(pos).kind() == Token.Kind.NAME && tokens.get(pos + 1).isOp("=")) {
                String name = tokens.get(pos).text();
                pos += 2;
                if (keywords.put(name, expression()) != null) {
                    throw new PythonSyntaxException(line, "keyword argument \"" + name + "\" is given twice");
                }
            } else {
                if (!keywords.isEmpty()) {
                    throw new PythonSyntaxException(line, "a positional argument follows keyword arguments");
                }
                args.add(expression());
            }
            refuseComprehension();
            if (!acceptOp(",")) {
                expectOp(")");
                break;
            }
        }
        return new PyExpr.Call(function, args, keywords);
    }

    private PyExpr subscript() {
        PyExpr first = expression();
        if (atOp(":")) {
            throw refused("a slice");
        }
        if (!atOp(",")) {
            return first;
        }
        List<PyExpr> items = new ArrayList<>(List.of(first));
        while (acceptOp(",")) {
            if (atOp("]")) {
                break;
            }
            items.add(expression());
        }
        return new PyExpr.TupleLit(items);
    }

    private PyExpr atom() {
        if (pos >= tokens.size()) {
            throw new PythonSyntaxException(line, "the expression ends too early");
        }
        Token token = tokens.get(pos++);
        return switch (token.kind()) {
            case NAME -> name(token);
            case NUMBER -> number(token);
            case STRING -> {
                StringBuilder joined = new StringBuilder(token.text());
                // adjacent literals are one string in Python
                while (pos < tokens.size() && tokens.get(pos).kind() == Token.Kind.STRING) {
                    joined.append(tokens.get(pos++).text());
                }
                if (pos < tokens.size() && tokens.get(pos).kind() == Token.Kind.FSTRING) {
                    throw refused("an f-string");
                }
                yield new PyExpr.Str(joined.toString());
            }
            case FSTRING -> throw refused("an f-string");
            case OP -> switch (token.text()) {
                case "(" -> parenthesized();
                case "[" -> new PyExpr.ListLit(items("]"));
                case "{" -> braces();
                case "..." -> new PyExpr.Ellipsis();
                default -> {
                    pos--;
                    throw unexpected();
                }
            };
        };
    }

    private PyExpr name(Token token) {
        return switch (token.text()) {
            case "True" -> new PyExpr.Bool(true);
            case "False" -> new PyExpr.Bool(false);
            case "None" -> new PyExpr.None();
            default -> {
                if (REFUSED_KEYWORDS.contains(token.text())) {
                    pos--;
                    throw refused("\"" + token.text() + "\"");
                }
                yield new PyExpr.Name(token.text());
            }
        };
    }

    private PyExpr number(Token token) {
        String text = token.text().replace("_", "");
        String lower = text.toLowerCase(java.util.Locale.ROOT);
        if (lower.endsWith("j")) {
            throw refused("a complex number");
        }
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
    }

    private PyExpr parenthesized() {
        if (acceptOp(")")) {
            return new PyExpr.TupleLit(List.of());
        }
        PyExpr first = expression();
        refuseComprehension();
        if (acceptOp(")")) {
            return first;
        }
        List<PyExpr> items = new ArrayList<>(List.of(first));
        while (acceptOp(",")) {
            if (atOp(")")) {
                break;
            }
            items.add(expression());
        }
        expectOp(")");
        return new PyExpr.TupleLit(items);
    }

    private List<PyExpr> items(String close) {
        List<PyExpr> items = new ArrayList<>();
        while (!acceptOp(close)) {
            if (atOp("*")) {
                throw refused("unpacking (*)");
            }
            items.add(expression());
            refuseComprehension();
            if (!acceptOp(",")) {
                expectOp(close);
                break;
            }
        }
        return items;
    }

    private PyExpr braces() {
        if (acceptOp("}")) {
            return new PyExpr.DictLit(List.of(), List.of());
        }
        if (atOp("**")) {
            throw refused("unpacking (**)");
        }
        PyExpr first = expression();
        refuseComprehension();
        if (!atOp(":")) {
            List<PyExpr> items = new ArrayList<>(List.of(first));
            if (acceptOp(",")) {
                items.addAll(items("}"));
            } else {
                expectOp("}");
            }
            return new PyExpr.SetLit(items);
        }
        List<PyExpr> keys = new ArrayList<>();
        List<PyExpr> values = new ArrayList<>();
        PyExpr key = first;
        while (true) {
            expectOp(":");
            keys.add(key);
            values.add(expression());
            refuseComprehension();
            if (!acceptOp(",") || atOp("}")) {
                expectOp("}");
                break;
            }
            if (atOp("**")) {
                throw refused("unpacking (**)");
            }
            key = expression();
        }
        return new PyExpr.DictLit(keys, values);
    }

    private void refuseComprehension() {
        if (pos < tokens.size() && (tokens.get(pos).isName("for") || tokens.get(pos).isName("async"))) {
            throw refused("a comprehension");
        }
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
            throw pos < tokens.size() ? unexpected() : new PythonSyntaxException(line, "\"" + op + "\" is missing");
        }
    }

    private String expectName() {
        if (pos < tokens.size() && tokens.get(pos).kind() == Token.Kind.NAME) {
            return tokens.get(pos++).text();
        }
        throw pos < tokens.size() ? unexpected() : new PythonSyntaxException(line, "a name is missing after \".\"");
    }

    private PythonSyntaxException unexpected() {
        Token token = tokens.get(pos);
        return new PythonSyntaxException(token.line(), "unexpected \"" + token.text() + "\"");
    }

    private PythonSyntaxException refused(String what) {
        int at = pos < tokens.size() ? tokens.get(pos).line() : line;
        return new PythonSyntaxException(at, what + " is not read by the template reader");
    }
}
