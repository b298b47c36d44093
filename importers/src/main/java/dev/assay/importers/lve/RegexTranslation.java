package dev.assay.importers.lve;

import dev.assay.importers.lve.PythonRegex.Flag;
import dev.assay.importers.lve.PythonRegex.JavaPattern;
import dev.assay.importers.lve.PythonRegex.Target;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.EnumSet;
import java.util.Set;

/**
 * One pass over a Python {@code re} pattern, writing it for Java or RE2 (see {@link PythonRegex}):
 * Python's spellings rewritten, Python's meaning asked for where the engines differ by default,
 * what has no faithful counterpart refused.
 */
final class RegexTranslation {

    private static final String METACHARACTERS = "\\.[]{}()*+?^$|";
    private static final String FLAG_LETTERS = "aiLmsux";

    private final String src;
    private final Target target;
    private final boolean firstGroupOnly;
    private final StringBuilder out = new StringBuilder();
    /** Kinds of the open groups: 'F' the first capturing group, 'C' another capturing, 'N' not capturing. */
    private final Deque<Character> open = new ArrayDeque<>();
    private final EnumSet<Flag> flags = EnumSet.noneOf(Flag.class);
    private int pos;
    private int groups;
    private boolean linesUsed;
    private boolean classesUsed;

    RegexTranslation(String src, Target target, Set<Flag> flags, boolean firstGroupOnly) {
        this.src = src;
        this.target = target;
        this.firstGroupOnly = firstGroupOnly;
        this.flags.addAll(flags);
    }

    /** How many capturing groups the pattern has (after {@link #toJava} or {@link #toRe2}). */
    int groups() {
        return groups;
    }

    JavaPattern toJava() {
        translate();
        if (flags.contains(Flag.ASCII) && flags.contains(Flag.IGNORECASE)) {
            throw refuse("ASCII with IGNORECASE folds only ASCII letters, which a regex trait cannot ask for");
        }
        StringBuilder inline = new StringBuilder();
        if (linesUsed) {
            inline.append('d'); // UNIX_LINES: only \n ends a line, as in Python
        }
        if (flags.contains(Flag.MULTILINE)) {
            inline.append('m');
        }
        if (flags.contains(Flag.DOTALL)) {
            inline.append('s');
        }
        if (classesUsed && !flags.contains(Flag.ASCII)) {
            inline.append('U'); // Python's \d \w \s \b are Unicode-aware for text
        }
        if (classesUsed && flags.contains(Flag.ASCII)) {
            // regex traits are compiled Unicode-aware (RegexFlags); re.ASCII turns that off again
            inline.append("-U");
        }
        String prefix = inline.isEmpty() ? "" : "(?" + inline + ")";
        return new JavaPattern(prefix + out, flags.contains(Flag.IGNORECASE));
    }

    String toRe2() {
        translate();
        StringBuilder inline = new StringBuilder();
        if (flags.contains(Flag.IGNORECASE)) {
            inline.append('i');
        }
        if (flags.contains(Flag.MULTILINE)) {
            inline.append('m');
        }
        if (flags.contains(Flag.DOTALL)) {
            inline.append('s');
        }
        return (inline.isEmpty() ? "" : "(?" + inline + ")") + out;
    }

    private Untranslatable refuse(String why) {
        return new Untranslatable("pattern " + PythonRegex.quoted(src) + ": " + why);
    }

    private void translate() {
        leadingFlags();
        while (pos < src.length()) {
            atom();
        }
        if (!open.isEmpty()) {
            throw refuse("a group is never closed (Python raises re.error)");
        }
    }

    /** Global inline flags, which Python 3.11 accepts only at the start. */
    private void leadingFlags() {
        while (src.startsWith("(?", pos)) {
            int end = pos + 2;
            while (end < src.length() && FLAG_LETTERS.indexOf(src.charAt(end)) >= 0) {
                end++;
            }
            if (end == pos + 2 || end >= src.length() || src.charAt(end) != ')') {
                return;
            }
            for (char letter : src.substring(pos + 2, end).toCharArray()) {
                switch (letter) {
                    case 'a' -> flags.add(Flag.ASCII);
                    case 'i' -> flags.add(Flag.IGNORECASE);
                    case 'm' -> flags.add(Flag.MULTILINE);
                    case 's' -> flags.add(Flag.DOTALL);
                    case 'u' -> { } // the default for text patterns
                    case 'x' -> throw refuse("verbose mode (?x) is not translated");
                    default -> throw refuse("(?L) cannot be used with a text pattern (Python raises ValueError)");
                }
            }
            pos = end + 1;
        }
    }

    private void atom() {
        char c = src.charAt(pos);
        switch (c) {
            case '\\' -> escape(false);
            case '[' -> characterClass();
            case '(' -> group();
            case ')' -> closeGroup();
            case '{' -> brace();
            case '}' -> {
                out.append("\\}");
                pos++;
            }
            case '*', '+', '?' -> quantifier(String.valueOf(c), pos + 1);
            case '.' -> {
                linesUsed |= !flags.contains(Flag.DOTALL);
                out.append('.');
                pos++;
            }
            case '^' -> caret();
            case '$' -> dollar();
            case '|' -> {
                out.append('|');
                pos++;
            }
            default -> {
                int cp = src.codePointAt(pos);
                literal(cp);
                pos += Character.charCount(cp);
            }
        }
    }

    private void literal(int cp) {
        if (cp < 128 && METACHARACTERS.indexOf(cp) >= 0) {
            out.append('\\');
        }
        out.appendCodePoint(cp);
    }

    /** {@code text} (a quantifier as Java and RE2 write it) and a lazy {@code ?} or possessive {@code +} after it. */
    private void quantifier(String text, int next) {
        out.append(text);
        pos = next;
        if (pos < src.length() && src.charAt(pos) == '?') {
            out.append('?');
            pos++;
        } else if (pos < src.length() && src.charAt(pos) == '+') {
            if (target == Target.RE2) {
                throw refuse("possessive quantifiers are not supported by RE2");
            }
            out.append('+');
            pos++;
        }
    }

    /** {@code {m}}, {@code {m,}}, {@code {,n}}, {@code {m,n}} repeat; any other brace is a literal in Python. */
    private void brace() {
        int i = pos + 1;
        int loStart = i;
        while (i < src.length() && Character.isDigit(src.charAt(i)) && src.charAt(i) < 128) {
            i++;
        }
        String lo = src.substring(loStart, i);
        String hi = null;
        if (i < src.length() && src.charAt(i) == ',') {
            int hiStart = ++i;
            while (i < src.length() && Character.isDigit(src.charAt(i)) && src.charAt(i) < 128) {
                i++;
            }
            hi = src.substring(hiStart, i);
        }
        boolean repeat = i < src.length() && src.charAt(i) == '}' && (hi != null || !lo.isEmpty());
        if (!repeat) {
            out.append("\\{");
            pos++;
            return;
        }
        String min = lo.isEmpty() ? "0" : lo;
        if (target == Target.RE2 && (Integer.parseInt(min) > 1000 || hi != null && !hi.isEmpty() && hi.length() > 4)) {
            throw refuse("RE2 repeats at most 1000 times");
        }
        String text = hi == null ? "{" + min + "}" : "{" + min + "," + hi + "}";
        quantifier(text, i + 1);
    }

    private void caret() {
        pos++;
        linesUsed |= flags.contains(Flag.MULTILINE);
        if (flags.contains(Flag.MULTILINE) && target == Target.JAVA) {
            // Python's (?m)^ also matches after a newline that ends the text; Java's does not
            out.append("(?:^|(?<=\\n)\\z)");
        } else {
            out.append('^');
        }
    }

    private void dollar() {
        pos++;
        linesUsed = true;
        if (target == Target.JAVA || flags.contains(Flag.MULTILINE)) {
            out.append('$');
            return;
        }
        // RE2's $ is the end of the text; Python's also matches before a final newline. Consuming that
        // newline finds the same matches, but only where nothing follows and no group is open.
        if (pos != src.length() || !open.isEmpty()) {
            throw refuse("'$' before the end of the pattern has no RE2 form");
        }
        out.append("(?:\\n?\\z)");
    }

    private void group() {
        if (!src.startsWith("(?", pos)) {
            pos++;
            capture(null);
            return;
        }
        String rest = src.substring(pos + 2);
        if (rest.startsWith(":")) {
            open.push('N');
            out.append("(?:");
            pos += 3;
        } else if (rest.startsWith("P<")) {
            int close = src.indexOf('>', pos + 4);
            if (close < 0) {
                throw refuse("unterminated group name (Python raises re.error)");
            }
            String name = src.substring(pos + 4, close);
            pos = close + 1;
            capture(name);
        } else if (rest.startsWith("P=")) {
            int close = src.indexOf(')', pos + 4);
            if (close < 0) {
                throw refuse("unterminated group reference (Python raises re.error)");
            }
            String name = src.substring(pos + 4, close);
            if (target == Target.RE2) {
                throw refuse("back-reference (?P=" + name + ") is not supported by RE2");
            }
            checkJavaGroupName(name);
            out.append("\\k<").append(name).append('>');
            pos = close + 1;
        } else if (rest.startsWith("=") || rest.startsWith("!") || rest.startsWith("<=") || rest.startsWith("<!")
                || rest.startsWith(">")) {
            if (target == Target.RE2) {
                throw refuse("look-arounds and atomic groups are not supported by RE2");
            }
            int length = rest.startsWith("<") ? 4 : 3;
            open.push('N');
            out.append(src, pos, pos + length);
            pos += length;
        } else if (rest.startsWith("#")) {
            int close = src.indexOf(')', pos);
            if (close < 0) {
                throw refuse("unterminated comment (Python raises re.error)");
            }
            pos = close + 1;
        } else if (rest.startsWith("(")) {
            throw refuse("conditional groups (?(…)…|…) are not translated");
        } else {
            scopedFlags(rest);
        }
    }

    /** {@code (?i:…)}, {@code (?-i:…)}: flags for one group. */
    private void scopedFlags(String rest) {
        int colon = rest.indexOf(':');
        String letters = colon < 0 ? "" : rest.substring(0, colon);
        if (colon < 0 || !letters.matches("[imsx]*(-[imsx]*)?")) {
            if (rest.matches("[aiLmsux]+\\).*")) {
                throw refuse("inline flags are only allowed at the start of the pattern (Python 3.11 raises re.error)");
            }
            throw refuse("'(?" + (rest.length() > 3 ? rest.substring(0, 3) : rest) + "' is not translated");
        }
        if (letters.contains("x")) {
            throw refuse("verbose mode (?x) is not translated");
        }
        String translated = target == Target.JAVA ? letters.replaceFirst("^([^-]*)i", "$1iu") : letters;
        open.push('N');
        out.append("(?").append(translated).append(':');
        pos += 2 + colon + 1;
    }

    private void capture(String name) {
        groups++;
        if (firstGroupOnly) {
            boolean first = groups == 1;
            open.push(first ? 'F' : 'N');
            out.append(first ? "(" : "(?:");
            return;
        }
        open.push('C');
        if (name == null || target == Target.RE2) {
            out.append('(');
        } else {
            checkJavaGroupName(name);
            out.append("(?<").append(name).append('>');
        }
    }

    private void checkJavaGroupName(String name) {
        if (!name.matches("[A-Za-z][A-Za-z0-9]*")) {
            throw refuse("group name \"" + name + "\" is not valid in Java (letters and digits only)");
        }
    }

    private void closeGroup() {
        if (open.isEmpty()) {
            throw refuse("unbalanced ')' (Python raises re.error)");
        }
        open.pop();
        out.append(')');
        pos++;
    }

    private void characterClass() {
        out.append('[');
        pos++;
        if (pos < src.length() && src.charAt(pos) == '^') {
            out.append('^');
            pos++;
        }
        boolean first = true;
        while (true) {
            if (pos >= src.length()) {
                throw refuse("unterminated character set (Python raises re.error)");
            }
            char c = src.charAt(pos);
            if (c == ']' && !first) {
                out.append(']');
                pos++;
                return;
            }
            first = false;
            if (c == '\\') {
                escape(true);
            } else if (c == '[' || c == ']' || c == '&') {
                // literal in Python; Java reads [ and && as nested sets, RE2 reads [: as a POSIX class
                out.append('\\').append(c);
                pos++;
            } else {
                int cp = src.codePointAt(pos);
                out.appendCodePoint(cp);
                pos += Character.charCount(cp);
            }
        }
    }

    private void escape(boolean inClass) {
        if (pos + 1 >= src.length()) {
            throw refuse("a trailing backslash (Python raises re.error)");
        }
        char c = src.charAt(pos + 1);
        pos += 2;
        switch (c) {
            case 'd', 'D', 'w', 'W', 's', 'S' -> classEscape(c, inClass);
            case 'b' -> {
                if (inClass) {
                    out.append("\\x08"); // backspace inside a set
                } else {
                    wordBoundary("\\b");
                }
            }
            case 'B' -> {
                notInClass(inClass, c);
                wordBoundary("\\B");
            }
            case 'A' -> {
                notInClass(inClass, c);
                out.append("\\A");
            }
            case 'Z' -> {
                notInClass(inClass, c);
                out.append("\\z"); // Python's \Z is the very end
            }
            case 'n', 't', 'r', 'f' -> out.append('\\').append(c);
            case 'v' -> out.append("\\x0B");
            case 'a' -> out.append("\\x07");
            case 'x' -> codePoint(hexDigits(2), 16);
            case 'u' -> codePoint(hexDigits(4), 16);
            case 'U' -> codePoint(hexDigits(8), 16);
            case 'N' -> namedCharacter();
            case '0' -> codePoint(octalDigits(2), 8);
            case '1', '2', '3', '4', '5', '6', '7', '8', '9' -> digitEscape(c, inClass);
            default -> {
                if (c < 128 && Character.isLetter(c)) {
                    throw refuse("bad escape \\" + c + " (Python raises re.error)");
                }
                int cp = src.codePointAt(pos - 1);
                pos += Character.charCount(cp) - 1;
                if (inClass && cp < 128 && "\\[]&^-".indexOf(cp) >= 0) {
                    out.append('\\').appendCodePoint(cp);
                } else if (inClass) {
                    out.appendCodePoint(cp);
                } else {
                    literal(cp);
                }
            }
        }
    }

    private void notInClass(boolean inClass, char c) {
        if (inClass) {
            throw refuse("bad escape \\" + c + " in a character set (Python raises re.error)");
        }
    }

    private void wordBoundary(String escape) {
        if (target == Target.RE2 && !flags.contains(Flag.ASCII)) {
            throw refuse(escape + " (Unicode word boundary) has no RE2 form: RE2's is ASCII-only");
        }
        classesUsed = true;
        out.append(escape);
    }

    private void classEscape(char c, boolean inClass) {
        if (target == Target.JAVA) {
            classesUsed = true;
            out.append('\\').append(c);
            return;
        }
        boolean ascii = flags.contains(Flag.ASCII);
        String set = switch (Character.toLowerCase(c)) {
            case 'd' -> ascii ? "0-9" : "\\p{Nd}";
            case 'w' -> ascii ? "0-9A-Za-z_" : "\\p{L}\\p{N}_";
            default -> ascii ? "\\s\\x0B" : "\\s\\x0B\\x1C-\\x1F\\x85\\p{Z}"; // Python's white space, RE2's is \t\n\f\r and space
        };
        boolean negated = Character.isUpperCase(c);
        if (inClass && negated) {
            throw refuse("\\" + c + " inside a character set has no RE2 form");
        }
        out.append(inClass ? set : (negated ? "[^" : "[") + set + "]");
    }

    private String hexDigits(int count) {
        if (pos + count > src.length() || !src.substring(pos, pos + count).matches("[0-9A-Fa-f]+")) {
            throw refuse("incomplete escape (Python raises re.error)");
        }
        String digits = src.substring(pos, pos + count);
        pos += count;
        return digits;
    }

    private String octalDigits(int max) {
        int start = pos;
        while (pos < src.length() && pos - start < max && src.charAt(pos) >= '0' && src.charAt(pos) <= '7') {
            pos++;
        }
        return "0" + src.substring(start, pos);
    }

    private void codePoint(String digits, int radix) {
        int cp = Integer.parseInt(digits, radix);
        if (cp > Character.MAX_CODE_POINT) {
            throw refuse("escape beyond U+10FFFF (Python raises re.error)");
        }
        out.append("\\x{").append(Integer.toHexString(cp)).append('}');
    }

    private void namedCharacter() {
        int close = src.indexOf('}', pos);
        if (!src.startsWith("{", pos) || close < 0) {
            throw refuse("malformed \\N{...} (Python raises re.error)");
        }
        String name = src.substring(pos + 1, close);
        pos = close + 1;
        int cp;
        try {
            cp = Character.codePointOf(name);
        } catch (IllegalArgumentException e) {
            throw refuse("unknown character name \\N{" + name + "}");
        }
        out.append("\\x{").append(Integer.toHexString(cp)).append('}');
    }

    /** {@code \1}..{@code \99} refer back to a group; three octal digits are a character. */
    private void digitEscape(char first, boolean inClass) {
        String digits = String.valueOf(first);
        if (pos < src.length() && Character.isDigit(src.charAt(pos)) && src.charAt(pos) < 128) {
            digits += src.charAt(pos);
            if (first <= '7' && digits.charAt(1) <= '7' && pos + 1 < src.length()
                    && src.charAt(pos + 1) >= '0' && src.charAt(pos + 1) <= '7') {
                int value = Integer.parseInt(digits + src.charAt(pos + 1), 8);
                if (value > 0377) {
                    throw refuse("octal escape above \\377 (Python raises re.error)");
                }
                pos += 2;
                out.append("\\x{").append(Integer.toHexString(value)).append('}');
                return;
            }
            pos++;
        }
        if (inClass) {
            throw refuse("a group reference inside a character set (Python raises re.error)");
        }
        if (target == Target.RE2) {
            throw refuse("back-reference \\" + digits + " is not supported by RE2");
        }
        if (Integer.parseInt(digits) > groups) {
            throw refuse("back-reference \\" + digits + " to a group not yet defined (Python raises re.error)");
        }
        boolean digitFollows = pos < src.length() && Character.isDigit(src.charAt(pos));
        // Java reads a following digit as part of the number; a group ends the reference where Python does
        out.append(digitFollows ? "(?:\\" + digits + ")" : "\\" + digits);
    }
}
