package dev.assay.importers.lve;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.common.benchmark.RubricTrait;

import java.util.EnumSet;
import java.util.Set;

/**
 * {@code RegexChecker(pattern, match_safe, flags=0)}: safe when {@code re.search(pattern,
 * response) is not None} equals {@code match_safe}. Becomes a regex trait with the pattern in
 * Java's syntax, {@code invert} when a match is unsafe, the IGNORECASE flag as
 * {@code case_sensitive: false}, MULTILINE and DOTALL as inline flags.
 */
final class RegexCheckerTranslator implements CheckerTranslator {

    @Override
    public Set<String> checkerNames() {
        return Set.of("RegexChecker");
    }

    @Override
    public RubricTrait translate(CheckerContext context) {
        context.requireMultiRun(false);
        context.acceptOnly(Set.of("pattern", "match_safe", "flags"));
        String pattern = context.formatted("pattern");
        boolean matchSafe = matchSafe(context.required("match_safe"));
        PythonRegex.JavaPattern java = PythonRegex.toJava(pattern, flags(context));
        String description = "LVE RegexChecker: safe when the response " + (matchSafe ? "matches " : "does not match ")
                + PythonRegex.quoted(pattern) + context.arg("flags").filter(JsonNode::isTextual).map(f -> " (" + f.textValue() + ")").orElse("");
        return CheckerTraits.regex(description, java, !matchSafe);
    }

    /** Python compares the match (True or False) with it; 1 and 0 are equal to True and False. */
    private static boolean matchSafe(JsonNode value) {
        if (value.isBoolean()) {
            return value.booleanValue();
        }
        if (value.isIntegralNumber() && (value.intValue() == 0 || value.intValue() == 1)) {
            return value.intValue() == 1;
        }
        throw new Untranslatable("match_safe is " + value + "; a match (True or False) never equals it");
    }

    private static Set<PythonRegex.Flag> flags(CheckerContext context) {
        JsonNode value = context.arg("flags").orElse(null);
        if (value == null || value.isNumber() && value.doubleValue() == 0 || value.isBoolean() && !value.booleanValue()) {
            return EnumSet.noneOf(PythonRegex.Flag.class); // LVE looks a flag up only when it is not 0
        }
        if (!value.isTextual()) {
            throw new Untranslatable("flags is " + value + " (LVE raises ValueError: unknown regex flag)");
        }
        String flag = context.formatted("flags");
        return switch (flag) {
            case "A", "ASCII" -> EnumSet.of(PythonRegex.Flag.ASCII);
            case "I", "IGNORECASE" -> EnumSet.of(PythonRegex.Flag.IGNORECASE);
            case "M", "MULTILINE" -> EnumSet.of(PythonRegex.Flag.MULTILINE);
            case "DOTALL" -> EnumSet.of(PythonRegex.Flag.DOTALL);
            case "L", "LOCALE" -> throw new Untranslatable("flag " + flag + " cannot be used with a text pattern (Python raises ValueError)");
            default -> throw new Untranslatable("unknown flag '" + flag + "' (LVE raises ValueError; it knows A, I, L, M and DOTALL)");
        };
    }
}
