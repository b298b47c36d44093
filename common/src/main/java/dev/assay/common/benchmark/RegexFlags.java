package dev.assay.common.benchmark;

import dev.assay.common.text.Suggestions;

import java.util.List;
import java.util.function.BiConsumer;

/** Regex flags as written in templates: {@code ignore_case}, {@code multiline}, {@code dotall}. */
public final class RegexFlags {

    public static final List<String> NAMES = List.of("ignore_case", "multiline", "dotall");

    private RegexFlags() {
    }

    /** The {@link java.util.regex.Pattern} flags; each unknown name is reported with its index. */
    public static int of(List<String> names, BiConsumer<Integer, String> unknown) {
        int flags = 0;
        for (int i = 0; i < names.size(); i++) {
            String name = names.get(i);
            switch (name) {
                case "ignore_case" -> flags |= java.util.regex.Pattern.CASE_INSENSITIVE | java.util.regex.Pattern.UNICODE_CASE;
                case "multiline" -> flags |= java.util.regex.Pattern.MULTILINE;
                case "dotall" -> flags |= java.util.regex.Pattern.DOTALL;
                default -> unknown.accept(i, "unknown flag \"" + name + "\"" + Suggestions.didYouMean(name, NAMES)
                        + "; known flags: " + String.join(", ", NAMES));
            }
        }
        return flags;
    }
}
