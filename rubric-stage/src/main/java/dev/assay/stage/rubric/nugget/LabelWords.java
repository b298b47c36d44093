package dev.assay.stage.rubric.nugget;

import dev.assay.common.nugget.SupportLabel;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The words a judge may use for a label. Matching is on the whole word, case-insensitive, with
 * spaces and hyphens read as underscores ({@code Partially Supported} = {@code partially_supported})
 * and surrounding quotes, brackets, Markdown emphasis and end punctuation dropped. Never a substring
 * match: "not supported" must not be read as "supported".
 */
final class LabelWords {

    private static final Map<String, SupportLabel> WORDS = Map.ofEntries(
            Map.entry("support", SupportLabel.SUPPORT),
            Map.entry("supported", SupportLabel.SUPPORT),
            Map.entry("supports", SupportLabel.SUPPORT),
            Map.entry("full_support", SupportLabel.SUPPORT),
            Map.entry("fully_supported", SupportLabel.SUPPORT),
            Map.entry("yes", SupportLabel.SUPPORT),
            Map.entry("true", SupportLabel.SUPPORT),
            Map.entry("partial_support", SupportLabel.PARTIAL_SUPPORT),
            Map.entry("partially_support", SupportLabel.PARTIAL_SUPPORT),
            Map.entry("partially_supported", SupportLabel.PARTIAL_SUPPORT),
            Map.entry("partly_supported", SupportLabel.PARTIAL_SUPPORT),
            Map.entry("partial", SupportLabel.PARTIAL_SUPPORT),
            Map.entry("partially", SupportLabel.PARTIAL_SUPPORT),
            Map.entry("not_support", SupportLabel.NOT_SUPPORT),
            Map.entry("not_supported", SupportLabel.NOT_SUPPORT),
            Map.entry("no_support", SupportLabel.NOT_SUPPORT),
            Map.entry("unsupported", SupportLabel.NOT_SUPPORT),
            Map.entry("no", SupportLabel.NOT_SUPPORT),
            Map.entry("false", SupportLabel.NOT_SUPPORT),
            Map.entry("none", SupportLabel.NOT_SUPPORT));

    private static final Pattern EDGES = Pattern.compile("^[\\s\"'`*_(\\[{]+|[\\s\"'`*_.,;!)\\]}]+$");
    private static final Pattern SEPARATORS = Pattern.compile("[\\s-]+");

    private LabelWords() {
    }

    static Optional<SupportLabel> read(String word) {
        if (word == null) {
            return Optional.empty();
        }
        String key = SEPARATORS.matcher(EDGES.matcher(word).replaceAll("")).replaceAll("_").toLowerCase(Locale.ROOT);
        return Optional.ofNullable(WORDS.get(key));
    }
}
