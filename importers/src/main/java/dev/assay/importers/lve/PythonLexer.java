package dev.assay.importers.lve;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Python tokens of one expression: names, numbers, string literals (escapes decoded), operators. */
final class PythonLexer {

    enum Kind { NAME, INT, FLOAT, STRING, OP, END }

    /**
     * @param value the decoded literal: BigInteger, Double or String; null for names and operators
     */
    record Token(Kind kind, String text, Object value, int position) {

        boolean is(String op) {
            return (kind == Kind.OP || kind == Kind.NAME) && text.equals(op);
        }
    }

    private static final List<String> OPERATORS = List.of("**", "//", "==", "!=", "<=", ">=", "<<", ">>", "->", ":=",
            "+", "-", "*", "/", "%", "<", ">", "(", ")", "[", "]", "{", "}", ",", ":", ".", "~", "&", "|", "^", "@", "=", ";");

    private final String source;
    private int pos;

    private PythonLexer(String source) {
        this.source = source;
    }

    static List<Token> tokens(String source) {
        PythonLexer lexer = new PythonLexer(source);
        List<Token> tokens = new ArrayList<>();
        Token token;
        do {
            token = lexer.next();
            tokens.add(token);
        } while (token.kind() != Kind.END);
        return tokens;
    }

    private Untranslatable error(String what) {
        return new Untranslatable("cannot read the lambda at position " + pos + ": " + what);
    }

    private Token next() {
        while (pos < source.length() && (Character.isWhitespace(source.charAt(pos)) || source.startsWith("\\\n", pos))) {
            pos += source.charAt(pos) == '\\' ? 2 : 1;
        }
        if (pos >= source.length()) {
            return new Token(Kind.END, "", null, pos);
        }
        int start = pos;
        char c = source.charAt(pos);
        if (c == '#') {
            throw error("a comment");
        }
        if (Character.isDigit(c) || c == '.' && pos + 1 < source.length() && Character.isDigit(source.charAt(pos + 1))) {
            return number(start);
        }
        if (Character.isUnicodeIdentifierStart(c) || c == '_') {
            while (pos < source.length() && (Character.isUnicodeIdentifierPart(source.charAt(pos)) && source.charAt(pos) != '\u0000')) {
                pos++;
            }
            String word = source.substring(start, pos);
            if (pos < source.length() && (source.charAt(pos) == '\'' || source.charAt(pos) == '"') && word.matches("(?i)[rubf]{1,2}")) {
                return string(start, word.toLowerCase(Locale.ROOT));
            }
            return new Token(Kind.NAME, word, null, start);
        }
        if (c == '\'' || c == '"') {
            return string(start, "");
        }
        for (String op : OPERATORS) {
            if (source.startsWith(op, pos)) {
                pos += op.length();
                return new Token(Kind.OP, op, null, start);
            }
        }
        throw error("unexpected character '" + c + "'");
    }

    private Token number(int start) {
        if (source.startsWith("0x", pos) || source.startsWith("0X", pos) || source.startsWith("0o", pos)
                || source.startsWith("0O", pos) || source.startsWith("0b", pos) || source.startsWith("0B", pos)) {
            int radix = switch (Character.toLowerCase(source.charAt(pos + 1))) {
                case 'x' -> 16;
                case 'o' -> 8;
                default -> 2;
            };
            pos += 2;
            int digitsStart = pos;
            while (pos < source.length() && (Character.digit(source.charAt(pos), radix) >= 0 || source.charAt(pos) == '_')) {
                pos++;
            }
            String digits = source.substring(digitsStart, pos).replace("_", "");
            if (digits.isEmpty()) {
                throw error("a number without digits");
            }
            return new Token(Kind.INT, source.substring(start, pos), new BigInteger(digits, radix), start);
        }
        while (pos < source.length() && (Character.isDigit(source.charAt(pos)) || source.charAt(pos) == '_')) {
            pos++;
        }
        boolean isFloat = false;
        if (pos < source.length() && source.charAt(pos) == '.') {
            isFloat = true;
            pos++;
            while (pos < source.length() && (Character.isDigit(source.charAt(pos)) || source.charAt(pos) == '_')) {
                pos++;
            }
        }
        if (pos < source.length() && (source.charAt(pos) == 'e' || source.charAt(pos) == 'E')) {
            int mark = pos;
            pos++;
            if (pos < source.length() && (source.charAt(pos) == '+' || source.charAt(pos) == '-')) {
                pos++;
            }
            if (pos < source.length() && Character.isDigit(source.charAt(pos))) {
                isFloat = true;
                while (pos < source.length() && (Character.isDigit(source.charAt(pos)) || source.charAt(pos) == '_')) {
                    pos++;
                }
            } else {
                pos = mark;
            }
        }
        if (pos < source.length() && (source.charAt(pos) == 'j' || source.charAt(pos) == 'J')) {
            throw error("complex numbers are not translated");
        }
        String text = source.substring(start, pos);
        String plain = text.replace("_", "");
        if (isFloat) {
            return new Token(Kind.FLOAT, text, Double.parseDouble(plain), start);
        }
        if (plain.length() > 1 && plain.startsWith("0") && !plain.matches("0+")) {
            throw error("leading zeros in " + text + " (Python's syntax error)");
        }
        return new Token(Kind.INT, text, new BigInteger(plain), start);
    }

    private Token string(int start, String prefix) {
        if (prefix.contains("b")) {
            throw error("bytes literals are not translated");
        }
        if (prefix.contains("f")) {
            throw error("f-strings are not translated");
        }
        boolean raw = prefix.contains("r");
        char quote = source.charAt(pos);
        boolean triple = source.startsWith(String.valueOf(quote).repeat(3), pos);
        String delimiter = triple ? String.valueOf(quote).repeat(3) : String.valueOf(quote);
        pos += delimiter.length();
        StringBuilder value = new StringBuilder();
        while (true) {
            if (pos >= source.length()) {
                throw error("an unterminated string");
            }
            if (source.startsWith(delimiter, pos)) {
                pos += delimiter.length();
                return new Token(Kind.STRING, source.substring(start, pos), value.toString(), start);
            }
            char c = source.charAt(pos);
            if (c == '\n' && !triple) {
                throw error("a line break in a string");
            }
            if (c != '\\') {
                value.append(c);
                pos++;
            } else if (raw) {
                // a raw string keeps the backslash, and a quote after it does not end the string
                value.append(c);
                if (pos + 1 < source.length()) {
                    value.append(source.charAt(pos + 1));
                }
                pos += 2;
            } else {
                escape(value);
            }
        }
    }

    private void escape(StringBuilder value) {
        if (pos + 1 >= source.length()) {
            throw error("an unterminated string");
        }
        char c = source.charAt(pos + 1);
        pos += 2;
        switch (c) {
            case '\n' -> { }
            case '\\', '\'', '"' -> value.append(c);
            case 'n' -> value.append('\n');
            case 't' -> value.append('\t');
            case 'r' -> value.append('\r');
            case 'a' -> value.append('\u0007');
            case 'b' -> value.append('\b');
            case 'f' -> value.append('\f');
            case 'v' -> value.append('\u000B');
            case 'x' -> value.appendCodePoint(hex(2));
            case 'u' -> value.appendCodePoint(hex(4));
            case 'U' -> value.appendCodePoint(hex(8));
            case 'N' -> throw error("\\N{...} escapes are not translated");
            default -> {
                if (c >= '0' && c <= '7') {
                    int start = pos - 1;
                    while (pos < source.length() && pos - start < 3 && source.charAt(pos) >= '0' && source.charAt(pos) <= '7') {
                        pos++;
                    }
                    value.appendCodePoint(Integer.parseInt(source.substring(start, pos), 8));
                } else {
                    value.append('\\').append(c); // Python keeps an unknown escape as written
                }
            }
        }
    }

    private int hex(int count) {
        if (pos + count > source.length() || !source.substring(pos, pos + count).matches("[0-9A-Fa-f]+")) {
            throw error("a truncated \\x, \\u or \\U escape");
        }
        long cp = Long.parseLong(source.substring(pos, pos + count), 16);
        pos += count;
        if (cp > Character.MAX_CODE_POINT) {
            throw error("an escape beyond U+10FFFF");
        }
        return (int) cp;
    }
}
