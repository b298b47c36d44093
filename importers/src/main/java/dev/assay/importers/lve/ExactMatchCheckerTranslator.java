package dev.assay.importers.lve;

import dev.assay.common.benchmark.RubricTrait;

import java.util.Set;

/**
 * {@code ExactMatchChecker(pattern, match_safe=False)}: safe when the pattern does not occur in the
 * response, or, when {@code match_safe} is truthy (lve-tools tests it with {@code if}), when it
 * does. LVE formats the pattern twice: with all the instance's args when it builds the checker,
 * then with the prompt parameters when it checks. Becomes a regex trait on the literal text.
 */
final class ExactMatchCheckerTranslator implements CheckerTranslator {

    private static final String METACHARACTERS = "\\.[]{}()*+?^$|";

    @Override
    public Set<String> checkerNames() {
        return Set.of("ExactMatchChecker");
    }

    @Override
    public RubricTrait translate(CheckerContext context) {
        context.requireMultiRun(false);
        context.acceptOnly(Set.of("pattern", "match_safe"));
        boolean matchSafe = context.arg("match_safe").map(PythonValues::truthy).orElse(false);
        String built = context.formatted("pattern");
        String literal;
        try {
            literal = PythonFormat.format(built, context.paramValues());
        } catch (Untranslatable e) {
            throw new Untranslatable("the pattern is formatted again with the prompt parameters when it checks: " + e.getMessage());
        }
        String description = "LVE ExactMatchChecker: safe when the response " + (matchSafe ? "contains " : "does not contain ")
                + PythonValues.stringRepr(literal);
        return CheckerTraits.regex(description, new PythonRegex.JavaPattern(quote(literal), false), !matchSafe);
    }

    /** {@code text} as a Java pattern matching exactly it (metacharacters escaped, so it stays readable). */
    static String quote(String text) {
        StringBuilder out = new StringBuilder();
        text.codePoints().forEach(cp -> {
            if (cp < 128 && METACHARACTERS.indexOf(cp) >= 0) {
                out.append('\\');
            }
            out.appendCodePoint(cp);
        });
        return out.toString();
    }
}
