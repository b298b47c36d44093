package dev.assay.importers.python;

import dev.assay.importers.python.UnsupportedSyntaxException.Construct;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Splits Python source into tokens the way Python's own tokenizer does for the parts the importers
 * read: names, numbers, strings (all quote forms and prefixes, escapes decoded), operators,
 * brackets spanning lines, backslash continuations, comments. It reads text only.
 *
 * <p>Two forms: {@link #lines} reads a module as logical lines (for statements);
 * {@link #expression} reads one expression as a whole, line breaks being white space, the way an
 * LVE checker's lambda string is read.
 */
public final class PythonTokenizer {

    private static final Pattern NUMBER = Pattern.compile(
            "(?:0[xX][0-9a-fA-F_]+|0[oO][0-7_]+|0[bB][01_]+|(?:\\d[\\d_]*\\.?[\\d_]*|\\.\\d[\\d_]*)(?:[eE][+-]?\\d[\\d_]*)?)[jJ]?");
    private static final List<String> OPERATORS = List.of(
            "**=", "//=", ">>=", "<<=", "...",
            "**", "//", "<<", ">>", "<=", ">=", "==", "!=", "->", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "@=", ":=",
            "+", "-", "*", "/", "%", "@", "&", "|", "^", "~", "<", ">", "(", ")", "[", "]", "{", "}", ",", ":", ".", ";", "=");

    private final String source;
    /** One expression: line breaks are white space, brackets are left for the parser to match, comments refused. */
    private final boolean oneExpression;
    private final List<LogicalLine> lines = new ArrayList<>();
    private final List<Token> current = new ArrayList<>();
    private final Deque<Token> opened = new ArrayDeque<>();
    private int pos;
    private int line = 1;
    private int lineStart;
    private int depth;
    private int indent;

    private PythonTokenizer(String source, boolean oneExpression) {
        this.source = source.replace("\r\n", "\n").replace('\r', '\n');
        this.oneExpression = oneExpression;
    }

    /** The logical lines of {@code source}; throws {@link PythonSyntaxException} for text that is not Python. */
    public static List<LogicalLine> lines(String source) {
        PythonTokenizer tokenizer = new PythonTokenizer(source, false);
        tokenizer.run();
        return List.copyOf(tokenizer.lines);
    }

    /** The tokens of {@code source} read as one expression; throws {@link PythonSyntaxException} for text that is not Python. */
    public static List<Token> expression(String source) {
        PythonTokenizer tokenizer = new PythonTokenizer(source, true);
        tokenizer.run();
        return List.copyOf(tokenizer.current);
    }

    private void run() {
        boolean atLineStart = !oneExpression;
        while (pos < source.length()) {
            if (atLineStart && depth == 0) {
                if (skipBlankLine()) {
                    continue;
                }
                atLineStart = false;
            }
            char c = source.charAt(pos);
            if (c == ' ' || c == '\t' || c == '\f') {
                pos++;
            } else if (c == '#') {
                if (oneExpression) {
                    throw error(Construct.COMMENT);
                }
                while (pos < source.length() && source.charAt(pos) != '\n') {
                    pos++;
                }
            } else if (c == '\\' && pos + 1 < source.length() && source.charAt(pos + 1) == '\n') {
                pos += 2;
                newLine();
            } else if (c == '\n') {
                pos++;
                newLine();
                if (depth == 0 && !oneExpression) {
                    finishLine();
                    atLineStart = true;
                }
            } else if (startsString()) {
                readString();
            } else if (Character.isUnicodeIdentifierStart(c) || c == '_') {
                readName();
            } else if (Character.isDigit(c) || c == '.' && pos + 1 < source.length() && Character.isDigit(source.charAt(pos + 1))) {
                readNumber();
            } else {
                readOperator();
            }
        }
        if (oneExpression) {
            return;
        }
        if (depth > 0) {
            throw PythonSyntaxException.at(opened.peek(), "a bracket opened here is never closed");
        }
        finishLine();
    }

    private void newLine() {
        line++;
        lineStart = pos;
    }

    private PythonSyntaxException error(String problem) {
        return new PythonSyntaxException(line, pos - lineStart + 1, pos, null, problem);
    }

    private UnsupportedSyntaxException error(Construct construct) {
        return new UnsupportedSyntaxException(line, pos - lineStart + 1, pos, null, construct, null);
    }

    private Token token(Token.Kind kind, String text, int start, int startLine, int startColumn) {
        return new Token(kind, text, startLine, startColumn, depth, start, pos);
    }

    /** At the start of a line: measures its indent; skips it (and returns true) when it is blank or a comment. */
    private boolean skipBlankLine() {
        int width = 0;
        int i = pos;
        while (i < source.length() && (source.charAt(i) == ' ' || source.charAt(i) == '\t' || source.charAt(i) == '\f')) {
            width = source.charAt(i) == '\t' ? (width / 8 + 1) * 8 : width + 1;
            i++;
        }
        if (i >= source.length() || source.charAt(i) == '\n' || source.charAt(i) == '#') {
            while (i < source.length() && source.charAt(i) != '\n') {
                i++;
            }
            pos = i;
            if (i < source.length()) {
                pos++;
                newLine();
            }
            return true;
        }
        indent = width;
        pos = i;
        return false;
    }

    private void finishLine() {
        if (current.isEmpty()) {
            return;
        }
        String text = source.substring(current.get(0).start(), current.get(current.size() - 1).end()).replaceAll("\\s+", " ");
        lines.add(new LogicalLine(indent, current, text));
        current.clear();
    }

    private boolean startsString() {
        int i = pos;
        while (i < source.length() && i - pos < 2 && "rRbBuUfF".indexOf(source.charAt(i)) >= 0) {
            i++;
        }
        return i < source.length() && (source.charAt(i) == '"' || source.charAt(i) == '\'');
    }

    private void readString() {
        int start = pos;
        int startLine = line;
        int startColumn = pos - lineStart + 1;
        String prefix = "";
        while (source.charAt(pos) != '"' && source.charAt(pos) != '\'') {
            prefix += Character.toLowerCase(source.charAt(pos));
            pos++;
        }
        boolean raw = prefix.contains("r");
        String quote = String.valueOf(source.charAt(pos));
        String delimiter = source.startsWith(quote.repeat(3), pos) ? quote.repeat(3) : quote;
        pos += delimiter.length();
        StringBuilder value = new StringBuilder();
        while (true) {
            if (pos >= source.length()) {
                throw new PythonSyntaxException(startLine, startColumn, start, null, "a string is never closed");
            }
            char c = source.charAt(pos);
            if (source.startsWith(delimiter, pos)) {
                pos += delimiter.length();
                break;
            }
            if (c == '\n' && delimiter.length() == 1) {
                throw new PythonSyntaxException(startLine, startColumn, start, null, "a string is never closed");
            }
            if (c == '\\' && pos + 1 < source.length()) {
                if (raw) {
                    // a raw string keeps the backslash, and a quote after it does not end the string
                    value.append(c).append(source.charAt(pos + 1));
                    pos += 2;
                    if (source.charAt(pos - 1) == '\n') {
                        newLine();
                    }
                } else {
                    readEscape(value);
                }
                continue;
            }
            value.append(c);
            pos++;
            if (c == '\n') {
                newLine();
            }
        }
        Token.Kind kind = prefix.contains("f") ? Token.Kind.FSTRING : prefix.contains("b") ? Token.Kind.BYTES : Token.Kind.STRING;
        current.add(token(kind, value.toString(), start, startLine, startColumn));
    }

    private void readEscape(StringBuilder value) {
        char next = source.charAt(pos + 1);
        pos += 2;
        switch (next) {
            case '\n' -> newLine();
            case '\\', '\'', '"' -> value.append(next);
            case 'a' -> value.append('\u0007');
            case 'b' -> value.append('\b');
            case 'f' -> value.append('\f');
            case 'n' -> value.append('\n');
            case 'r' -> value.append('\r');
            case 't' -> value.append('\t');
            case 'v' -> value.append('\u000b');
            case 'x' -> value.appendCodePoint(hex(2));
            case 'u' -> value.appendCodePoint(hex(4));
            case 'U' -> value.appendCodePoint(hex(8));
            case 'N' -> {
                pos -= 2;
                throw error(Construct.NAMED_ESCAPE);
            }
            default -> {
                if (next >= '0' && next <= '7') {
                    int code = next - '0';
                    for (int digits = 1; digits < 3 && pos < source.length() && source.charAt(pos) >= '0' && source.charAt(pos) <= '7'; digits++) {
                        code = code * 8 + source.charAt(pos++) - '0';
                    }
                    value.appendCodePoint(code);
                } else {
                    // Python keeps an unknown escape as written
                    value.append('\\').append(next);
                }
            }
        }
    }

    private int hex(int digits) {
        if (pos + digits > source.length() || !source.substring(pos, pos + digits).matches("[0-9A-Fa-f]+")) {
            throw error("a \\x, \\u or \\U escape is cut short");
        }
        long code = Long.parseLong(source.substring(pos, pos + digits), 16);
        if (code > Character.MAX_CODE_POINT) {
            throw error("an escape beyond U+10FFFF");
        }
        pos += digits;
        return (int) code;
    }

    private void readName() {
        int start = pos;
        while (pos < source.length() && Character.isUnicodeIdentifierPart(source.charAt(pos)) && source.charAt(pos) != '\u0000') {
            pos++;
        }
        current.add(token(Token.Kind.NAME, source.substring(start, pos), start, line, start - lineStart + 1));
    }

    private void readNumber() {
        Matcher matcher = NUMBER.matcher(source).region(pos, source.length());
        if (!matcher.lookingAt()) {
            throw error("unreadable number");
        }
        String text = matcher.group();
        String plain = text.replace("_", "").toLowerCase(Locale.ROOT);
        if (plain.matches("0\\d+") && !plain.matches("0+")) {
            throw error("leading zeros in " + text + " (Python's syntax error)");
        }
        int start = pos;
        pos = matcher.end();
        current.add(token(Token.Kind.NUMBER, text, start, line, start - lineStart + 1));
    }

    private void readOperator() {
        for (String operator : OPERATORS) {
            if (source.startsWith(operator, pos)) {
                int start = pos;
                pos += operator.length();
                int column = start - lineStart + 1;
                if ("([{".contains(operator)) {
                    Token token = token(Token.Kind.OP, operator, start, line, column);
                    current.add(token);
                    opened.push(token);
                    depth++;
                } else if (")]}".contains(operator)) {
                    if (depth == 0 && !oneExpression) {
                        throw new PythonSyntaxException(line, column, start, operator, "'" + operator + "' closes a bracket that was never opened");
                    }
                    if (depth > 0) {
                        depth--;
                        opened.pop();
                    }
                    current.add(token(Token.Kind.OP, operator, start, line, column));
                } else {
                    current.add(token(Token.Kind.OP, operator, start, line, column));
                }
                return;
            }
        }
        throw error("unexpected character '" + source.charAt(pos) + "'");
    }
}
