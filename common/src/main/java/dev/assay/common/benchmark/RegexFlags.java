package dev.assay.common.benchmark;

import dev.assay.common.text.Suggestions;

import java.util.List;
import java.util.function.BiConsumer;
import java.util.regex.Pattern;

/**
 * Regex flags as written in templates: {@code ignore_case}, {@code multiline}, {@code dotall}.
 *
 * <p>Every pattern of a benchmark (regex traits, template regex checks, the {@code regex}
 * primitive) is Unicode-aware, as Python's {@code re} is for text: {@code \d} matches any decimal
 * digit ({@code ٣}, {@code ३}), {@code \w} any letter or digit of any script, {@code \s} any
 * Unicode space, {@code \b} their boundaries, and {@code ignore_case} folds case beyond ASCII. So a
 * pattern written for Karenina, LVE or any Python tool matches what it matched there.
 */
public final class RegexFlags {

    public static final List<String> NAMES = List.of("ignore_case", "multiline", "dotall");

    /** Always set: {@code \d}, {@code \w}, {@code \s}, {@code \b} and POSIX classes by Unicode, as Python's {@code re}. */
    public static final int UNICODE = Pattern.UNICODE_CHARACTER_CLASS;

    /** The pattern compiled Unicode-aware, with these {@link Pattern} flags too. */
    public static Pattern compile(String pattern, int flags) {
        return Pattern.compile(pattern, flags | UNICODE);
    }

    private RegexFlags() {
    }

    /** The {@link java.util.regex.Pattern} flags; each unknown name is reported with its index. */
    public static int of(List<String> names, BiConsumer<Integer, String> unknown) {
        int flags = 0;
        for (int i = 0; i < names.size(); i++) {
            String name = names.get(i);
            switch (name) {
                case "ignore_case" -> flags |= Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE;
                case "multiline" -> flags |= Pattern.MULTILINE;
                case "dotall" -> flags |= Pattern.DOTALL;
                default -> unknown.accept(i, "unknown flag \"" + name + "\"" + Suggestions.didYouMean(name, NAMES)
                        + "; known flags: " + String.join(", ", NAMES));
            }
        }
        return flags;
    }
}
