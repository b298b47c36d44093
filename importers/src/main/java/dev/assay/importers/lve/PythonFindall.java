package dev.assay.importers.lve;

import java.util.Set;

/**
 * Python's {@code re.findall(pattern, text)} as a CEL expression over the response, for importers
 * outside this package (Karenina's raw-response regex checks). It reuses {@link PythonRegex}'s
 * translation to RE2, so the pattern finds what Python's would; CEL's
 * {@code regex.extractAll} gives, like findall, the whole matches of a pattern without groups and
 * the group of a pattern with one.
 */
public final class PythonFindall {

    private PythonFindall() {
    }

    /**
     * A CEL expression (a list of strings) that finds what {@code re.findall(python, response)}
     * finds.
     *
     * @throws IllegalArgumentException with the reason, when no faithful form exists: constructs RE2
     *                                  lacks, more than one group (findall then gives tuples), or a
     *                                  pattern that can match the empty string (the engines list
     *                                  empty matches differently)
     */
    public static String expression(String python) {
        try {
            RegexTranslation re2 = new RegexTranslation(python, PythonRegex.Target.RE2, Set.of(), false);
            String pattern = re2.toRe2();
            if (re2.groups() > 1) {
                throw new IllegalArgumentException("pattern " + PythonRegex.quoted(python) + " has " + re2.groups()
                        + " groups, so findall gives tuples");
            }
            if (PythonRegex.toJava(python, Set.of()).compile().matcher("").find()) {
                throw new IllegalArgumentException("pattern " + PythonRegex.quoted(python) + " can match the empty string");
            }
            return "regex.extractAll(response, " + CelText.pattern(pattern) + ")";
        } catch (Untranslatable e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    /** A CEL string literal. */
    public static String string(String text) {
        return CelText.string(text);
    }
}
