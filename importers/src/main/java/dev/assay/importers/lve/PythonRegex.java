package dev.assay.importers.lve;

import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Python {@code re} patterns rewritten for Java's {@code java.util.regex} (regex traits, searches at
 * import time) or RE2 (CEL's {@code regex.extract}), so they find the same matches. Python's
 * spellings are rewritten ({@code (?P<n>…)}, {@code (?P=n)}, {@code \Z}, {@code {,n}}, a literal
 * {@code {}), and where the engines differ by default Python's meaning is asked for: Unicode
 * {@code \d \w \s \b}, only {@code \n} ending a line for {@code . ^ $}. Constructs without a faithful
 * counterpart (conditionals, verbose mode, LOCALE, look-arounds and back-references in RE2) are
 * refused with the reason.
 */
final class PythonRegex {

    /** The flags LVE's RegexChecker accepts (one at most) and Python's inline flags. */
    enum Flag { ASCII, IGNORECASE, MULTILINE, DOTALL }

    /**
     * A pattern for Java.
     *
     * @param pattern         the Java pattern, with the inline flags it needs
     * @param caseInsensitive whether it is to be matched ignoring case (a regex trait's {@code case_sensitive: false})
     */
    record JavaPattern(String pattern, boolean caseInsensitive) {

        /** Compiled as a regex trait compiles it. */
        Pattern compile() {
            return Pattern.compile(pattern, caseInsensitive ? Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE : 0);
        }
    }

    /** The engine a pattern is written for. */
    enum Target { JAVA, RE2 }

    private PythonRegex() {
    }

    /** {@code re.compile(python, flags)} for Java. */
    static JavaPattern toJava(String python, Set<Flag> flags) {
        RegexTranslation translation = new RegexTranslation(python, Target.JAVA, flags, false);
        JavaPattern translated = translation.toJava();
        try {
            translated.compile();
        } catch (PatternSyntaxException e) {
            throw new Untranslatable("pattern " + quoted(python) + " has no Java form (" + e.getDescription() + ")");
        }
        return translated;
    }

    /** The Java pattern for a search at import time ({@code re.search(python, text)}). */
    static Pattern compileForSearch(String python) {
        return toJava(python, Set.of()).compile();
    }

    /**
     * {@code python} for RE2 with only its first group capturing (the others become
     * non-capturing), so CEL's {@code regex.extract} yields what Python's {@code .group(1)} does.
     */
    static String toRe2FirstGroup(String python) {
        RegexTranslation translation = new RegexTranslation(python, Target.RE2, Set.of(), true);
        String translated = translation.toRe2();
        if (translation.groups() == 0) {
            throw new Untranslatable("pattern " + quoted(python) + " has no group, so .group(1) raises IndexError");
        }
        return translated;
    }

    static String quoted(String pattern) {
        return "'" + pattern + "'";
    }
}
