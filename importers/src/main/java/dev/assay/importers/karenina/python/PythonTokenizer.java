package dev.assay.importers.karenina.python;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Splits Python source into logical lines of tokens, the way Python's own tokenizer does for the
 * parts templates use: names, numbers, strings (all quote forms and prefixes, escapes decoded),
 * operators, brackets spanning lines, backslash continuations, comments. It reads text only.
 */
public final class PythonTokenizer {

    private static final Pattern NUMBER = Pattern.compile(
            "(?:0[xX][0-9a-fA-F_]+|0[oO][0-7_]+|0[bB][01_]+|(?:\\d[\\d_]*\\.?[\\d_]*|\\.\\d[\\d_]*)(?:[eE][+-]?\\d[\\d_]*)?)[jJ]?");
    private static final List<String> OPERATORS = List.of(
            "**=", "//=", ">>=", "<<=", "...",
            "**", "//", "<<", ">>", "<=", ">=", "==", "!=", "->", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "@=", ":=",
            "+", "-", "*", "/", "%", "@", "&", "|", "^", "~", "<", ">", "(", ")", "[", "]", "{", "}", ",", ":", ".", ";", "=");

    private final String source;
    private final List<LogicalLine> lines = new ArrayList<>();
    private final List<Token> current = new ArrayList<>();
    private final java.util.Deque<Integer> openedOn = new java.util.ArrayDeque<>();
    private int pos;
    private int line = 1;
    private int depth;
    private int indent;

    private PythonTokenizer(String source) {
        this.source = source.replace("\r\n", "\n").replace('\r', '\n');
    }

    /** The logical lines of {@code source}; throws {@link PythonSyntaxException} for text that is not Python. */
    public static List<LogicalLine> lines(String source) {
        PythonTokenizer tokenizer = new PythonTokenizer(source);
        tokenizer.run();
        return List.copyOf(tokenizer.lines);
    }

    private void run() {
        boolean lineStart = true;
        while (pos < source.length()) {
            if (lineStart && depth == 0) {
                if (skipBlankLine()) {
                    continue;
                }
                lineStart = false;
            }
            char c = source.charAt(pos);
            if (c == ' ' || c == '\t' || c == '\f') {
                pos++;
            } else if (c == '#') {
                while (pos < source.length() && source.charAt(pos) != '\n') {
                    pos++;
                }
            } else if (c == '\\' && pos + 1 < source.length() && source.charAt(pos + 1) == '\n') {
                pos += 2;
                line++;
            } else if (c == '\n') {
                pos++;
                line++;
                if (depth == 0) {
                    finishLine();
                    lineStart = true;
                }
            } else if (startsString()) {
                readString();
            } else if (Character.isLetter(c) || c == '_') {
                readName();
            } else if (Character.isDigit(c) || c == '.' && pos + 1 < source.length() && Character.isDigit(source.charAt(pos + 1))) {
                readNumber();
            } else {
                readOperator();
            }
        }
        if (depth > 0) {
            throw new PythonSyntaxException(openedOn.peek(), "a bracket opened here is never closed");
        }
        finishLine();
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
            if (i < source.length()) {
                i++;
                line++;
            }
            pos = i;
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
        String prefix = "";
        while (source.charAt(pos) != '"' && source.charAt(pos) != '\'') {
            prefix += Character.toLowerCase(source.charAt(pos));
            pos++;
        }
        boolean raw = prefix.contains("r");
        char quote = source.charAt(pos);
        boolean triple = source.startsWith(String.valueOf(quote).repeat(3), pos);
        pos += triple ? 3 : 1;
        StringBuilder value = new StringBuilder();
        while (true) {
            if (pos >= source.length()) {
                throw new PythonSyntaxException(startLine, "a string is never closed");
            }
            char c = source.charAt(pos);
            if (triple ? source.startsWith(String.valueOf(quote).repeat(3), pos) : c == quote) {
                pos += triple ? 3 : 1;
                break;
            }
            if (c == '\n') {
                if (!triple) {
                    throw new PythonSyntaxException(startLine, "a string is never closed");
                }
                line++;
            }
            if (c == '\\' && pos + 1 < source.length()) {
                if (raw) {
                    value.append(c).append(source.charAt(pos + 1));
                    if (source.charAt(pos + 1) == '\n') {
                        line++;
                    }
                    pos += 2;
                } else {
                    readEscape(value, startLine);
                }
                continue;
            }
            value.append(c);
            pos++;
        }
        Token.Kind kind = prefix.contains("f") ? Token.Kind.FSTRING : Token.Kind.STRING;
        current.add(new Token(kind, value.toString(), startLine, depth, start, pos));
    }

    private void readEscape(StringBuilder value, int startLine) {
        char next = source.charAt(pos + 1);
        pos += 2;
        switch (next) {
            case '\n' -> line++;
            case '\\', '\'', '"' -> value.append(next);
            case 'a' -> value.append('\u0007');
            case 'b' -> value.append('\b');
            case 'f' -> value.append('\f');
            case 'n' -> value.append('\n');
            case 'r' -> value.append('\r');
            case 't' -> value.append('\t');
            case 'v' -> value.append('\u000b');
            case 'x' -> value.appendCodePoint(hex(2, startLine));
            case 'u' -> value.appendCodePoint(hex(4, startLine));
            case 'U' -> value.appendCodePoint(hex(8, startLine));
            case 'N' -> throw new PythonSyntaxException(startLine, "\\N{...} escapes by character name are not read");
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

    private int hex(int digits, int startLine) {
        if (pos + digits > source.length()) {
            throw new PythonSyntaxException(startLine, "a \\x, \\u or \\U escape is cut short");
        }
        try {
            int code = Integer.parseInt(source.substring(pos, pos + digits), 16);
            pos += digits;
            return code;
        } catch (NumberFormatException e) {
            throw new PythonSyntaxException(startLine, "a \\x, \\u or \\U escape has a non-hexadecimal digit");
        }
    }

    private void readName() {
        int start = pos;
        while (pos < source.length() && (Character.isLetterOrDigit(source.charAt(pos)) || source.charAt(pos) == '_')) {
            pos++;
        }
        current.add(new Token(Token.Kind.NAME, source.substring(start, pos), line, depth, start, pos));
    }

    private void readNumber() {
        Matcher matcher = NUMBER.matcher(source).region(pos, source.length());
        if (!matcher.lookingAt()) {
            throw new PythonSyntaxException(line, "unreadable number");
        }
        current.add(new Token(Token.Kind.NUMBER, matcher.group(), line, depth, pos, matcher.end()));
        pos = matcher.end();
    }

    private void readOperator() {
        for (String operator : OPERATORS) {
            if (source.startsWith(operator, pos)) {
                int start = pos;
                pos += operator.length();
                if ("([{".contains(operator)) {
                    current.add(new Token(Token.Kind.OP, operator, line, depth, start, pos));
                    openedOn.push(line);
                    depth++;
                } else if (")]}".contains(operator)) {
                    depth--;
                    if (depth < 0) {
                        throw new PythonSyntaxException(line, "\"" + operator + "\" closes a bracket that was never opened");
                    }
                    openedOn.pop();
                    current.add(new Token(Token.Kind.OP, operator, line, depth, start, pos));
                } else {
                    current.add(new Token(Token.Kind.OP, operator, line, depth, start, pos));
                }
                return;
            }
        }
        throw new PythonSyntaxException(line, "unexpected character '" + source.charAt(pos) + "'");
    }
}
